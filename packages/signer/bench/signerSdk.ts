/**
 * `npm run bench -w @sigil/signer`: the signer SDK in Chromium through the real auth frame and
 * against the Sigil server's real listener, and the size of its bundle. Prints tables; it is not a
 * test and exits 0 whatever the numbers.
 *
 * Environment:
 * - BENCH_STAMPS (1000): frame stamps measured; BENCH_STAMP_WARMUP (50) made first, not measured.
 * - BENCH_SIGNS (200): `signMessage` calls measured; BENCH_SIGN_WARMUP (20) made first, not measured.
 *   With both BENCH_STAMPS and BENCH_SIGNS at 0, Chromium is not started (bundle sizes only).
 * - SIGIL_CHROMIUM_PATH (/usr/bin/chromium).
 */
import { rm } from 'node:fs/promises'
import { availableParallelism, cpus, loadavg } from 'node:os'
import { dirname } from 'node:path'
import { buildTestAssets } from '../test/browser/buildTestAssets.js'
import { startBrowserTestbed } from '../test/browser/startBrowserTestbed.js'
import { signInWithEmailCode } from '../test/browser/testPage.js'
import {
  type BundleRow,
  formatKilobytes,
  formatMilliseconds,
  formatResultsTable,
  type LatencyRow,
} from './formatResultsTable.js'
import { measureBundleSize } from './measureBundleSize.js'
import { measureFrameStamps } from './measureFrameStamps.js'
import { measureSignMessages } from './measureSignMessages.js'
import { type LatencySummary, summarizeLatencies } from './summarizeLatencies.js'

const goals = { stampP50Ms: 5, gzipBytes: 40 * 1024 }

const stamps = readCount('BENCH_STAMPS', 1000)
const stampWarmUp = readCount('BENCH_STAMP_WARMUP', 50)
const signs = readCount('BENCH_SIGNS', 200)
const signWarmUp = readCount('BENCH_SIGN_WARMUP', 20)

function readCount(name: string, fallback: number): number {
  const raw = process.env[name]
  const value = raw === undefined || raw === '' ? fallback : Number(raw)
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a non-negative integer`)
  return value
}

const describe = (name: string, summary: LatencySummary) =>
  `  ${name.padEnd(34)} n ${String(summary.count).padStart(4)}  p50 ${formatMilliseconds(summary.p50)} ms  ` +
  `p99 ${formatMilliseconds(summary.p99)} ms  mean ${formatMilliseconds(summary.mean)} ms  ` +
  `max ${formatMilliseconds(summary.max)} ms`

/** Frame stamps and signMessage calls in Chromium, after an email-code sign-in. */
async function measureInChromium(): Promise<LatencyRow[]> {
  const assets = await buildTestAssets()
  const testbed = await startBrowserTestbed('bench', assets)
  try {
    console.log(`  Chromium ${testbed.browser.version()}, server ${testbed.serverUrl} (SQLite)`)
    const page = await testbed.openPage()
    const user = await signInWithEmailCode(page, testbed.readCode, 'bench@example.com')
    console.log(`  signed in by email code as ${user.email} (${user.address})`)
    const rows: LatencyRow[] = []
    if (stamps > 0) {
      const summary = summarizeLatencies(
        await measureFrameStamps(page, { count: stamps, warmUp: stampWarmUp }),
      )
      console.log(describe('frame stamp (page → frame → page)', summary))
      rows.push({ name: 'frame stamp (page → frame → page)', summary, goalP50Ms: goals.stampP50Ms })
    }
    if (signs > 0) {
      const { endToEndMs, serverMs } = await measureSignMessages(page, { count: signs, warmUp: signWarmUp })
      const endToEnd = summarizeLatencies(endToEndMs)
      const server = summarizeLatencies(serverMs)
      const rest = summarizeLatencies(endToEndMs.map((each, index) => each - serverMs[index]!))
      console.log(describe('signMessage end to end', endToEnd))
      console.log(describe('  server (sign-payload)', server))
      console.log(describe('  page, frame and network', rest))
      rows.push(
        { name: 'signMessage, end to end in the page', summary: endToEnd },
        { name: '↳ server time of `POST /signer/v1/sign-payload`', summary: server },
        { name: '↳ the rest: hash, frame stamp, fetch, JSON', summary: rest },
      )
    }
    return rows
  } finally {
    await testbed.close()
    await rm(dirname(assets.frameDir), { recursive: true, force: true })
  }
}

async function main(): Promise<void> {
  console.log(
    `Sigil signer bench — ${availableParallelism()} cores (${cpus()[0]?.model.trim() ?? 'unknown CPU'}), ` +
      `Node ${process.version}, load average ${loadavg()[0]!.toFixed(1)} (1 min) at the start`,
  )

  let latencies: LatencyRow[] = []
  if (stamps > 0 || signs > 0) {
    console.log(
      `\nChromium (${stampWarmUp} + ${stamps} stamps, ${signWarmUp} + ${signs} signMessage calls; warm-ups not counted):`,
    )
    latencies = await measureInChromium()
  }

  console.log('\nBundle of @sigil/signer (esbuild: minified ESM for the browser, source conditions):')
  const withoutViem = await measureBundleSize()
  const withViem = await measureBundleSize({ withViem: true })
  const createSignerOnly = await measureBundleSize({ exports: ['createSigner'] })
  console.log(`  external: ${withoutViem.external.join(', ')}`)
  console.log(
    `  without viem: ${formatKilobytes(withoutViem.minifiedBytes)} KB min, ` +
      `${formatKilobytes(withoutViem.gzipBytes)} KB min+gzip; largest inputs (bytes in the minified output):`,
  )
  for (const input of withoutViem.inputs.slice(0, 10))
    console.log(`    ${String(input.bytes).padStart(7)}  ${input.path}`)
  console.log(
    `  with viem (tree-shaken to what the signer imports): ${formatKilobytes(withViem.minifiedBytes)} KB min, ` +
      `${formatKilobytes(withViem.gzipBytes)} KB min+gzip`,
  )
  console.log(
    `  an app's \`import { createSigner }\` (tree-shaken, without viem): ` +
      `${formatKilobytes(createSignerOnly.minifiedBytes)} KB min, ${formatKilobytes(createSignerOnly.gzipBytes)} KB min+gzip`,
  )
  const bundles: BundleRow[] = [
    {
      name: '`@sigil/signer` without viem (peer deps external)',
      size: withoutViem,
      goalGzipBytes: goals.gzipBytes,
    },
    { name: '`@sigil/signer` with viem bundled', size: withViem },
    { name: '`import { createSigner }` only, without viem', size: createSignerOnly },
  ]

  console.log('\nResults:\n')
  console.log(formatResultsTable({ latencies, bundles }))

  console.log('\nGoals:')
  const stampRow = latencies.find((row) => row.goalP50Ms !== undefined)
  console.log(
    stampRow
      ? `  frame stamp p50 < ${goals.stampP50Ms} ms: ${stampRow.summary.p50 < goals.stampP50Ms ? 'PASS' : 'MISS'} ` +
          `(${formatMilliseconds(stampRow.summary.p50)} ms)`
      : '  frame stamp p50: not measured (BENCH_STAMPS=0)',
  )
  console.log(
    `  bundle without viem < ${goals.gzipBytes / 1024} KB min+gzip: ` +
      `${withoutViem.gzipBytes < goals.gzipBytes ? 'PASS' : 'MISS'} (${formatKilobytes(withoutViem.gzipBytes)} KB)`,
  )
}

await main()
