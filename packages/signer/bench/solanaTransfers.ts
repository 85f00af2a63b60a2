/**
 * `npm run bench:solana`: SOL transfers end to end with a Sigil signer (email sign-in on the real server)
 * on the local Solana runtime, through the server's RPC gateway: build-to-confirmed p50/p99 for a transfer
 * the user pays and one the server's fee payer pays (`addSponsorship`: fee quote, simulation and durable
 * record on the server, then the user's signature through the server, send, confirm), with the share of
 * the fee payer request apart, and the runtime's cold start. A measurement, not a test.
 *
 * BENCH_TRANSFERS (default 50) transfers per kind; BENCH_COLD_STARTS (default 3) runtime starts.
 */
import { cpus, loadavg } from 'node:os'
import { startSolanaDevnet } from '@sigil/devnet'
import { type Address, createNoopSigner, generateKeyPairSigner } from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'
import { sendSolanaTransaction } from '../src/solana/sendSolanaTransaction.js'
import { startSolanaTestbed } from '../test/solana/startSolanaTestbed.js'
import { formatMilliseconds as ms } from './formatResultsTable.js'
import { summarizeLatencies } from './summarizeLatencies.js'

const transfers = Number(process.env.BENCH_TRANSFERS ?? 50)
const coldStarts = Number(process.env.BENCH_COLD_STARTS ?? 3)

async function main(): Promise<void> {
  console.log(
    `Sigil bench: Solana transfers on the local runtime — ${cpus().length} cores (${cpus()[0]?.model.trim()}), Node ${process.version}, load average ${loadavg()[0]!.toFixed(1)}, ${transfers} transfers per kind\n`,
  )
  const cold: number[] = []
  for (let run = 0; run < coldStarts; run++) {
    const started = performance.now()
    const runtime = await startSolanaDevnet()
    cold.push(performance.now() - started)
    await runtime.stop()
  }
  console.log(
    `Solana runtime cold start (litesvm, HTTP + websocket): ${cold.map((t) => `${t.toFixed(0)} ms`).join(', ')}\n`,
  )

  const testbed = await startSolanaTestbed()
  try {
    const solana = await testbed.signIn('bench@example.com', 100_000_000_000n)
    const recipient = (await generateKeyPairSigner()).address
    const transfer = (amount: bigint) => [
      getTransferSolInstruction({
        source: createNoopSigner(solana.address as Address),
        destination: recipient,
        amount,
      }),
    ]
    const paid: number[] = []
    const sponsored: number[] = []
    const feePayerRequests: number[] = []
    // Each amount differs, so no two transactions are the same; the first pays the recipient's rent.
    for (let index = 0; index < transfers; index++) {
      const amount = 1_000_000n + BigInt(index)
      let started = performance.now()
      const own = await solana.createTransfer(transfer(amount), testbed.connection)
      await sendSolanaTransaction(await solana.addSignature(own), testbed.connection, {
        pollingIntervalMs: 5,
      })
      paid.push(performance.now() - started)

      started = performance.now()
      const unsigned = await solana.addSponsorship(transfer(amount), testbed.connection, testbed.policyId)
      feePayerRequests.push(performance.now() - started)
      await sendSolanaTransaction(await solana.addSignature(unsigned), testbed.connection, {
        pollingIntervalMs: 5,
      })
      sponsored.push(performance.now() - started)
    }
    console.log('| Solana transfer | n | p50 ms | p99 ms | mean ms | max ms |')
    console.log('|---|---:|---:|---:|---:|---:|')
    for (const [name, samples] of [
      ['user pays (build → confirmed)', paid],
      ['sponsored (build → confirmed)', sponsored],
      ['sponsored: the alchemy_requestFeePayer call alone', feePayerRequests],
    ] as const) {
      const { count, p50, p99, mean, max } = summarizeLatencies(samples)
      console.log(`| ${name} | ${count} | ${ms(p50)} | ${ms(p99)} | ${ms(mean)} | ${ms(max)} |`)
    }
    console.log(
      '\nEach row: getLatestBlockhash and the send through the gateway, the user’s ed25519 signature through the Sigil server, confirmation by polling getSignatureStatuses every 5 ms.',
    )
  } finally {
    await testbed.stop()
  }
}

await main()
