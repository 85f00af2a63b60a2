/**
 * `npm run bench -w @sigil/accounts`: sponsored user operations end to end on the devnet, per account type,
 * with a Sigil signer as owner (email sign-in on the real server) and the server's RPC gateway in between:
 * send-to-receipt p50/p99 (prepare + sponsorship + signature through the server + bundler + inclusion), the
 * first operation (which deploys the account) apart, and the devnet's cold start. A measurement, not a test.
 *
 * BENCH_OPERATIONS (default 30) operations per account type; BENCH_COLD_STARTS (default 3) devnet starts.
 */
import { cpus, loadavg } from 'node:os'
import { startDevnet } from '@sigil/devnet'
import type { LocalAccount } from 'viem'
import type { SmartAccount } from 'viem/account-abstraction'
import { toLightAccount } from '../src/accounts/toLightAccount.js'
import { toModularAccountV2 } from '../src/accounts/toModularAccountV2.js'
import { toMultiOwnerLightAccount } from '../src/accounts/toMultiOwnerLightAccount.js'
import { toMultiOwnerModularAccount } from '../src/accounts/toMultiOwnerModularAccount.js'
import { createSmartAccountClient } from '../src/client/createSmartAccountClient.js'
import { startSmartAccountTestbed } from '../test/devnet/startSmartAccountTestbed.js'

const operations = Number(process.env.BENCH_OPERATIONS ?? 30)
const coldStarts = Number(process.env.BENCH_COLD_STARTS ?? 3)

type Make = (
  client: Parameters<typeof toLightAccount>[0]['client'],
  owner: LocalAccount,
) => Promise<SmartAccount>
const allAccountTypes: [string, Make][] = [
  ['LightAccount v1.1.0 (EP 0.6)', (client, owner) => toLightAccount({ client, owner, version: 'v1.1.0' })],
  ['LightAccount v2.0.0 (EP 0.7)', (client, owner) => toLightAccount({ client, owner })],
  ['MultiOwnerLightAccount (EP 0.7)', (client, owner) => toMultiOwnerLightAccount({ client, owner })],
  ['MultiOwnerModularAccount (EP 0.6)', (client, owner) => toMultiOwnerModularAccount({ client, owner })],
  ['ModularAccountV2 (EP 0.7)', (client, owner) => toModularAccountV2({ client, owner })],
  ['ModularAccountV2 7702 (EP 0.7)', (client, owner) => toModularAccountV2({ client, owner, mode: '7702' })],
]

// BENCH_REVERSE=1 runs the types in reverse order (to tell a type's cost from anything that grows with the run).
const accountTypes = process.env.BENCH_REVERSE ? [...allAccountTypes].reverse() : allAccountTypes

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!
const ms = (value: number) => value.toFixed(value < 10 ? 2 : 1)

async function measureColdStart(): Promise<number[]> {
  const times: number[] = []
  for (let run = 0; run < coldStarts; run++) {
    const started = performance.now()
    const devnet = await startDevnet()
    times.push(performance.now() - started)
    await devnet.stop()
  }
  return times
}

async function main(): Promise<void> {
  console.log(
    `Sigil bench: sponsored user operations on the devnet — ${cpus().length} cores (${cpus()[0]?.model.trim()}), Node ${process.version}, load average ${loadavg()[0]!.toFixed(1)}, ${operations} operations per type\n`,
  )
  const cold = await measureColdStart()
  console.log(
    `Devnet cold start (anvil, EntryPoints, accounts, paymasters, alto): ${cold.map((t) => `${(t / 1000).toFixed(2)} s`).join(', ')}\n`,
  )

  const testbed = await startSmartAccountTestbed()
  const rows: string[] = []
  try {
    for (const [index, [name, make]] of accountTypes.entries()) {
      const owner = await testbed.signIn(`bench-${index}@example.com`)
      const account = await make(testbed.gatewayClient, owner)
      const client = createSmartAccountClient({
        account,
        chain: testbed.chain,
        transport: testbed.transport,
        policyId: testbed.policyId,
        pollingInterval: 20,
      })
      const sendOne = async () => {
        const started = performance.now()
        const hash = await client.sendUserOperation({
          calls: [{ to: '0x000000000000000000000000000000000000dEaD', value: 0n }],
        })
        const receipt = await client.waitForUserOperationReceipt({ hash, pollingInterval: 20 })
        if (!receipt.success) throw new Error(`${name}: operation failed`)
        return performance.now() - started
      }
      const first = await sendOne()
      const times: number[] = []
      for (let i = 0; i < operations; i++) times.push(await sendOne())
      times.sort((a, b) => a - b)
      const row = `| ${name} | ${ms(first)} | ${ms(percentile(times, 50))} | ${ms(percentile(times, 99))} |`
      console.log(row)
      rows.push(row)
    }
  } finally {
    await testbed.stop()
  }
  console.log(
    [
      '\nResults (send to receipt, ms; sponsored through the gateway, signed through the Sigil server):\n',
      '| account type | first operation (deploys) | p50 | p99 |',
      '| --- | ---: | ---: | ---: |',
      ...rows,
    ].join('\n'),
  )
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
