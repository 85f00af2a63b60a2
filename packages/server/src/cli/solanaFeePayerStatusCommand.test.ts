import { mkdtemp, rm } from 'node:fs/promises'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type SolanaDevnet, startSolanaDevnet } from '@sigil/devnet'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { testMasterKey } from '../test/createTestServer.js'
import { runCli } from '../test/spawnServer.js'
import { solanaFeePayerStatusCommand } from './solanaFeePayerStatusCommand.js'

/** `sigil-server solana fee-payer status --rpc URL` against the devnet's Solana runtime. */

const lastJson = (stdout: string) => JSON.parse(stdout.trim().split('\n').at(-1)!)
let solana: SolanaDevnet
let dataDir: string

/** The command in this process: what it printed. */
async function inProcess(args: string[]): Promise<string> {
  const log = vi.spyOn(console, 'log').mockImplementation(() => undefined)
  try {
    await solanaFeePayerStatusCommand(args)
    return log.mock.calls.map((call) => String(call[0])).join('\n')
  } finally {
    log.mockRestore()
  }
}

beforeAll(async () => {
  solana = await startSolanaDevnet()
  dataDir = await mkdtemp(join(tmpdir(), 'sigil-fee-payer-'))
  process.env.SIGIL_MASTER_KEY = testMasterKey
}, 60_000)
afterAll(async () => {
  await solana?.stop()
  if (dataDir) await rm(dataDir, { recursive: true, force: true })
  delete process.env.SIGIL_MASTER_KEY
})

describe('sigil-server solana fee-payer status', { timeout: 60_000 }, () => {
  test('default: the vault fee payer, unfunded, then funded, in lamports and SOL', async () => {
    const before = JSON.parse(await inProcess(['--rpc', solana.rpcUrl, '--data-dir', dataDir]))
    expect(before).toEqual({
      address: expect.stringMatching(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/),
      lamports: '0',
      sol: '0',
    })
    await solana.airdrop(before.address, 2_500_000_001n)
    const run = await runCli(
      ['solana', 'fee-payer', 'status', '--rpc', solana.rpcUrl, '--data-dir', dataDir],
      {
        SIGIL_MASTER_KEY: testMasterKey,
      },
    )
    expect(run.code, run.stderr).toBe(0)
    expect(lastJson(run.stdout)).toEqual({
      address: before.address,
      lamports: '2500000001',
      sol: '2.500000001',
    })
    // The same key `solana fee-payer` prints.
    const plain = await runCli(['solana', 'fee-payer', '--data-dir', dataDir], {
      SIGIL_MASTER_KEY: testMasterKey,
    })
    expect(lastJson(plain.stdout)).toEqual({ address: before.address })
  })

  test('error: without --rpc, or a node that does not answer getBalance, one clear message', async () => {
    await expect(inProcess(['--data-dir', dataDir])).rejects.toThrow('--rpc URL is required')
    // A loopback port nothing listens on (taken, then released).
    const probe = createServer().listen(0, '127.0.0.1')
    await new Promise((resolve) => probe.once('listening', resolve))
    const { port } = probe.address() as { port: number }
    await new Promise((resolve) => probe.close(resolve))
    await expect(
      inProcess(['--rpc', `http://127.0.0.1:${port}/key-in-path`, '--data-dir', dataDir]),
    ).rejects.toThrow(/^the Solana node did not answer getBalance \(ECONNREFUSED\)$/)
  })
})
