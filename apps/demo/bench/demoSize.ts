/**
 * `npm run bench -w @sigil/demo` (part of the root `npm run bench`): the size budget of the React UI
 * kit and the demo, min+gzip. Prints a table; a measurement, not a test: it exits 0 whatever the numbers.
 *
 * - The SDK entry an app imports: `@sigil/react` + `@sigil/core` + `@sigil/signer` (every export),
 *   without react, react-dom and viem, which an app has anyway. Goal: ≤ 120 KB gzip.
 * - The demo's JavaScript as Vite builds it (everything a browser downloads), and the demo's own
 *   bundle without react, react-dom and viem (esbuild, as the entry).
 */
import { fileURLToPath } from 'node:url'
import { measureDemoBuild } from './measureDemoBuild.js'
import { measureEntrySize } from './measureEntrySize.js'

const goalGzipBytes = 120 * 1024
/** What an app has anyway, and the optional peers loaded only when used. */
const appDependencies = ['react', 'react-dom', 'viem']
const optionalPeers = ['@walletconnect/ethereum-provider', '@solana/kit', '@solana-program/system']

const kilobytes = (bytes: number) => (bytes / 1024).toFixed(1)
const row = (cells: string[]) => `| ${cells.join(' | ')} |`

async function main(): Promise<void> {
  console.log(`Sigil UI size budget — Node ${process.version}; KB = 1,024 bytes; gzip level 9\n`)

  const entry = await measureEntrySize({
    contents: [
      "export * from '@sigil/react'",
      "export * from '@sigil/core'",
      "export * from '@sigil/signer'",
    ].join('\n'),
    external: [...appDependencies, ...optionalPeers],
  })
  console.log(
    `@sigil/react + @sigil/core + @sigil/signer, every export (external: ${[...appDependencies, ...optionalPeers].join(', ')}):`,
  )
  for (const { name, bytes } of entry.packages.slice(0, 12))
    console.log(`  ${String(bytes).padStart(7)}  ${name}`)

  const demoEntry = fileURLToPath(new URL('../src/main.tsx', import.meta.url))
  const demoWithout = await measureEntrySize({
    entryPoint: demoEntry,
    external: [...appDependencies, ...optionalPeers],
  })
  const demoAll = await measureEntrySize({ entryPoint: demoEntry, external: optionalPeers })
  const demo = await measureDemoBuild()
  console.log('\nThe demo as Vite builds it (apps/demo, `vite build`):')
  for (const file of demo.files)
    console.log(
      `  ${kilobytes(file.minifiedBytes).padStart(7)} KB min  ${kilobytes(file.gzipBytes).padStart(6)} KB gzip  ${file.name}`,
    )
  console.log(`  stylesheet: ${kilobytes(demo.cssGzipBytes)} KB gzip`)
  console.log('  the demo bundled whole by esbuild, by package (bytes in the minified output):')
  for (const { name, bytes } of demoAll.packages.slice(0, 12))
    console.log(`  ${String(bytes).padStart(7)}  ${name}`)

  console.log('\nResults:\n')
  console.log(row(['bundle', 'min KB', 'min+gzip KB', 'goal']))
  console.log(row(['---', '---:', '---:', '---']))
  const met = entry.gzipBytes <= goalGzipBytes
  console.log(
    row([
      '`@sigil/react` + `@sigil/core` + `@sigil/signer`, without react, react-dom, viem',
      kilobytes(entry.minifiedBytes),
      kilobytes(entry.gzipBytes),
      `≤ 120 KB gzip: ${met ? 'met' : '**not met**'}`,
    ]),
  )
  console.log(
    row([
      'the demo without react, react-dom, viem (esbuild)',
      kilobytes(demoWithout.minifiedBytes),
      kilobytes(demoWithout.gzipBytes),
      '—',
    ]),
  )
  console.log(
    row([
      'the demo, all its JavaScript (`vite build`)',
      kilobytes(demo.minifiedBytes),
      kilobytes(demo.gzipBytes),
      '—',
    ]),
  )
  console.log(
    `\nGoal: SDK entry ≤ 120 KB min+gzip: ${met ? 'PASS' : 'MISS'} (${kilobytes(entry.gzipBytes)} KB)`,
  )
}

await main()
