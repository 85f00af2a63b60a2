import { generateKeyPairSigner } from '@solana/kit'
import { describe, expect, onTestFinished, test } from 'vitest'
import { startSolanaTestbed } from './startSolanaTestbed.js'

const systemProgram = '11111111111111111111111111111111'

async function start() {
  const funded = await generateKeyPairSigner()
  const testbed = await startSolanaTestbed({ fund: [{ address: funded.address, lamports: 1_000_000_000n }] })
  onTestFinished(() => testbed.devnet.stop())
  return { ...testbed, funded }
}

describe('account methods', () => {
  test('default: getAccountInfo in base64 and base58; null for a missing account', async () => {
    const { rpc, funded } = await start()
    const { value } = await rpc.getAccountInfo(funded.address, { encoding: 'base64' }).send()
    expect(value).toEqual({
      data: ['', 'base64'],
      executable: false,
      lamports: 1_000_000_000n,
      owner: systemProgram,
      rentEpoch: 18_446_744_073_709_551_615n,
      space: 0n,
    })
    const program = await rpc.getAccountInfo(systemProgram as never, { encoding: 'base58' }).send()
    expect(program.value).toMatchObject({
      data: ['86hf9tRZfw1eKJDB6Gh9pW2iEfg4c', 'base58'] /* 'solana_system_program' */,
      executable: true,
      space: 21n,
    })
    const sliced = await rpc
      .getAccountInfo(systemProgram as never, { encoding: 'base64', dataSlice: { offset: 0, length: 6 } })
      .send()
    expect(sliced.value?.data).toEqual([Buffer.from('solana').toString('base64'), 'base64'])
    const missing = (await generateKeyPairSigner()).address
    expect((await rpc.getAccountInfo(missing, { encoding: 'base64' }).send()).value).toBeNull()
    expect((await rpc.getBalance(missing).send()).value).toBe(0n)
  })

  test('behavior: getMultipleAccounts, rent exemption, requestAirdrop', async () => {
    const { rpc, funded, devnet } = await start()
    const missing = (await generateKeyPairSigner()).address
    const { value } = await rpc.getMultipleAccounts([funded.address, missing], { encoding: 'base64' }).send()
    expect(value.map((account) => account?.lamports ?? null)).toEqual([1_000_000_000n, null])
    expect(await rpc.getMinimumBalanceForRentExemption(0n).send()).toBe(890_880n)
    expect(await rpc.getMinimumBalanceForRentExemption(165n).send()).toBe(2_039_280n)
    const signature = await rpc.requestAirdrop(missing, 5_000_000n as never).send()
    expect((await rpc.getSignatureStatuses([signature]).send()).value[0]).toMatchObject({ err: null })
    expect(devnet.getBalance(missing)).toBe(5_000_000n)
  })
})

describe('cluster methods', () => {
  test('default: slot, block height, epoch, blockhash, version, genesis hash', async () => {
    const { rpc } = await start()
    const slot = await rpc.getSlot().send()
    expect(await rpc.getBlockHeight().send()).toBeGreaterThanOrEqual(slot)
    const epoch = await rpc.getEpochInfo().send()
    expect(epoch).toMatchObject({ epoch: 0n, slotsInEpoch: 432_000n })
    expect(epoch.absoluteSlot).toBe(epoch.blockHeight)
    const { context, value } = await rpc.getLatestBlockhash().send()
    expect(value.lastValidBlockHeight).toBe(context.slot + 150n)
    expect((await rpc.isBlockhashValid(value.blockhash).send()).value).toBe(true)
    expect(await rpc.getVersion().send()).toMatchObject({
      'solana-core': expect.any(String),
      litesvm: '1.5.0',
    })
    expect(await rpc.getGenesisHash().send()).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/)
    expect(await rpc.getTransactionCount().send()).toBe(1n) // the funding airdrop
  })
})
