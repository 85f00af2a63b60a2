/**
 * `npm run bench -w @sigil/devnet`: the devnet's cold start (in process and through the CLI from source) and,
 * as the baseline, sponsored user operations through alto with an eth-infinitism SimpleAccount on each
 * EntryPoint. Per-account-type numbers (LightAccount, MultiOwnerLightAccount, MultiOwnerModularAccount,
 * ModularAccountV2 through @sigil/accounts) are to be added next to the baseline.
 *
 *   BENCH_DEVNET_RUNS (default 5): cold starts per way of starting
 *   BENCH_DEVNET_ACCOUNTS (default 5): accounts per EntryPoint, each sending two operations
 */
import { existsSync } from 'node:fs'
import { getFreePort } from '../src/process/getFreePort.js'
import { startDevnet } from '../src/startDevnet.js'
import { measureCliStart, measureStartDevnet } from './measureColdStart.js'
import { measureSponsoredOperations } from './measureSponsoredOperations.js'
import { summarizeTimings } from './summarizeTimings.js'

const runs = Number(process.env.BENCH_DEVNET_RUNS ?? 5)
const accounts = Number(process.env.BENCH_DEVNET_ACCOUNTS ?? 5)
const goalSeconds = 10

console.log(
  '\nDevnet cold start, start to ready (anvil, EntryPoints, accounts, paymasters, alto answering):\n',
)
console.log('| how | n | min s | median s | max s |\n| --- | ---: | ---: | ---: | ---: |')
const inProcess = await measureStartDevnet(runs)
console.log(summarizeTimings('startDevnet() in process', inProcess, 's'))
const ports = async (): Promise<[number, number]> => [await getFreePort(), await getFreePort()]
const cli = await measureCliStart(runs, ports, 'source')
console.log(summarizeTimings('sigil-devnet start from source (tsx), spawn to ready', cli, 's'))
const built = existsSync(new URL('../dist/cli.js', import.meta.url))
const bin = built ? await measureCliStart(runs, ports, 'bin') : []
if (built) console.log(summarizeTimings('sigil-devnet start built (bin, dist), spawn to ready', bin, 's'))
else
  console.log(
    '| sigil-devnet start built (bin) | skipped: run `npm run build -w @sigil/devnet` first | | | |',
  )
const worst = Math.max(...inProcess, ...cli, ...bin) / 1000
console.log(
  `\nGoal: ready in < ${goalSeconds} s: ${worst < goalSeconds ? 'PASS' : 'MISS'} (worst ${worst.toFixed(2)} s)`,
)

const devnet = await startDevnet()
try {
  console.log(
    '\nSponsored user operations through alto, send to receipt (eth-infinitism SimpleAccount baseline):\n',
  )
  console.log(
    '| EntryPoint | operation | n | min ms | median ms | max ms |\n| --- | --- | ---: | ---: | ---: | ---: |',
  )
  for (const version of ['0.6', '0.7', '0.8'] as const) {
    const timings = await measureSponsoredOperations(devnet, version, accounts)
    console.log(summarizeTimings(`v${version} | first (deploys the account)`, timings.firstOperation, 'ms'))
    console.log(summarizeTimings(`v${version} | next`, timings.nextOperation, 'ms'))
  }
} finally {
  await devnet.stop()
}
