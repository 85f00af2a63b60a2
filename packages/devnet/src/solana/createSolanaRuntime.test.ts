import { generateKeyPairSigner } from '@solana/kit'
import { describe, expect, test } from 'vitest'
import { createSolanaRuntime } from './createSolanaRuntime.js'

describe('createSolanaRuntime', () => {
  test('default: every landing advances the slot and the blockhash; the previous blockhash stays valid', async () => {
    const runtime = createSolanaRuntime()
    const { address } = await generateKeyPairSigner()
    const before = runtime.latestBlockhash().blockhash
    const slot = runtime.slot()
    const signature = runtime.airdrop(address, 1_000_000_000n)
    expect(runtime.slot()).toBe(slot + 1n)
    expect(runtime.latestBlockhash().blockhash).not.toBe(before)
    expect(runtime.lastValidBlockHeight(before)).toBe(slot + 150n)
    expect(runtime.landed(signature)?.err).toBeNull()
  })

  test('behavior: only the newest `history` landed transactions are remembered', async () => {
    const runtime = createSolanaRuntime({ history: 2 })
    const { address } = await generateKeyPairSigner()
    const signatures = [1n, 2n, 3n].map((amount) => runtime.airdrop(address, 1_000_000_000n + amount))
    expect(runtime.landed(signatures[0]!)).toBeUndefined()
    expect(runtime.landed(signatures[1]!)).toBeDefined()
    expect(runtime.landed(signatures[2]!)).toBeDefined()
    expect(runtime.transactionCount()).toBe(3n)
  })
})
