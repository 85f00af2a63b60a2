import { generateKeyPairSigner } from '@solana/kit'
import { describe, expect, onTestFinished, test } from 'vitest'
import { startSolanaTestbed } from './startSolanaTestbed.js'

const sol = 1_000_000_000n

async function start() {
  const [payer, user, receiver] = [
    await generateKeyPairSigner(),
    await generateKeyPairSigner(),
    await generateKeyPairSigner(),
  ]
  const testbed = await startSolanaTestbed({
    fund: [
      { address: payer.address, lamports: 10n * sol },
      { address: user.address, lamports: 10n * sol },
    ],
  })
  onTestFinished(() => testbed.devnet.stop())
  return { ...testbed, payer, user, receiver }
}

describe('simulateTransaction', () => {
  test('default: an unsigned (sponsorship-shape) transaction simulates: sigVerify is off by default', async () => {
    const { rpc, transfer, wire, payer, user, receiver, devnet } = await start()
    const transaction = await transfer({
      feePayer: payer.address,
      source: user,
      destination: receiver.address,
      amount: sol,
    })
    const { value } = await rpc
      .simulateTransaction(wire(transaction), {
        encoding: 'base64',
        sigVerify: false,
        accounts: { addresses: [user.address, receiver.address], encoding: 'base64' },
      })
      .send()
    expect(value).toMatchObject({ err: null, unitsConsumed: 150n, replacementBlockhash: null })
    expect(value.logs).toContain('Program 11111111111111111111111111111111 success')
    // The post-simulation state; nothing was committed.
    expect(value.accounts?.map((account) => account?.lamports)).toEqual([9n * sol, sol])
    expect(devnet.getBalance(receiver.address)).toBe(0n)
  })

  test('error: sigVerify true refuses the missing signature (-32003)', async () => {
    const { transfer, wire, post, payer, user, receiver } = await start()
    const transaction = await transfer({
      feePayer: payer.address,
      source: user,
      destination: receiver.address,
      amount: sol,
    })
    const { json } = await post(
      JSON.stringify({
        jsonrpc: '2.0',
        id: 7,
        method: 'simulateTransaction',
        params: [wire(transaction), { encoding: 'base64', sigVerify: true }],
      }),
    )
    expect(json).toMatchObject({ id: 7, error: { code: -32003 } })
  })

  test('behavior: replaceRecentBlockhash simulates a transaction whose blockhash is unknown', async () => {
    const { rpc, transfer, wire, payer, receiver } = await start()
    const lifetime = { blockhash: receiver.address as string as never, lastValidBlockHeight: 1n }
    const transaction = await transfer({
      feePayer: payer,
      source: payer,
      destination: receiver.address,
      amount: sol,
      lifetime,
    })
    const plain = await rpc.simulateTransaction(wire(transaction), { encoding: 'base64' }).send()
    expect(plain.value.err).toBe('BlockhashNotFound')
    const replaced = await rpc
      .simulateTransaction(wire(transaction), { encoding: 'base64', replaceRecentBlockhash: true })
      .send()
    expect(replaced.value.err).toBeNull()
    expect(replaced.value.replacementBlockhash).toEqual((await rpc.getLatestBlockhash().send()).value)
  })

  test('error: sigVerify with replaceRecentBlockhash -> -32602, as Agave', async () => {
    const { transfer, wire, post, payer, receiver } = await start()
    const transaction = await transfer({
      feePayer: payer,
      source: payer,
      destination: receiver.address,
      amount: sol,
    })
    const { json } = await post(
      JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'simulateTransaction',
        params: [wire(transaction), { encoding: 'base64', sigVerify: true, replaceRecentBlockhash: true }],
      }),
    )
    expect(json).toMatchObject({
      error: { code: -32602, message: 'sigVerify may not be used with replaceRecentBlockhash' },
    })
  })

  test('behavior: a failing transfer answers its error in the value, with the logs', async () => {
    const { rpc, transfer, wire, payer, receiver } = await start()
    const transaction = await transfer({
      feePayer: payer,
      source: payer,
      destination: receiver.address,
      amount: 100n * sol,
    })
    const { value } = await rpc.simulateTransaction(wire(transaction), { encoding: 'base64' }).send()
    expect(value.err).toEqual({ InstructionError: [0n, { Custom: 1n }] })
    expect(value.logs?.join('\n')).toContain('insufficient lamports')
  })
})
