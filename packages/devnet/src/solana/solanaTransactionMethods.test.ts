import {
  address,
  appendTransactionMessageInstructions,
  createTransactionMessage,
  generateKeyPairSigner,
  getBase64Decoder,
  getSignatureFromTransaction,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
  type Transaction,
  type TransactionMessageBytesBase64,
} from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'
import { describe, expect, onTestFinished, test } from 'vitest'
import { startSolanaTestbed } from './startSolanaTestbed.js'

const sol = 1_000_000_000n
const computeBudget = address('ComputeBudget111111111111111111111111111111')

async function start(slotMilliseconds = 400) {
  const [payer, receiver] = [await generateKeyPairSigner(), await generateKeyPairSigner()]
  const testbed = await startSolanaTestbed({
    fund: [{ address: payer.address, lamports: 10n * sol }],
    slotMilliseconds,
  })
  onTestFinished(() => testbed.devnet.stop())
  return { ...testbed, payer, receiver }
}

const messageBase64 = (transaction: Transaction) =>
  getBase64Decoder().decode(transaction.messageBytes) as TransactionMessageBytesBase64

describe('getFeeForMessage', () => {
  test('default: 5,000 lamports per signature', async () => {
    const { rpc, transfer, payer, receiver } = await start()
    const user = await generateKeyPairSigner()
    const selfPaid = await transfer({
      feePayer: payer,
      source: payer,
      destination: receiver.address,
      amount: sol,
    })
    const sponsored = await transfer({
      feePayer: payer,
      source: user,
      destination: receiver.address,
      amount: sol,
    })
    expect((await rpc.getFeeForMessage(messageBase64(selfPaid)).send()).value).toBe(5_000n)
    expect((await rpc.getFeeForMessage(messageBase64(sponsored)).send()).value).toBe(10_000n)
  })

  test('behavior: the priority fee is counted, and equals what the runtime charges', async () => {
    const { rpc, devnet, wire, payer, receiver } = await start()
    const { value: lifetime } = await rpc.getLatestBlockhash().send()
    const price = new Uint8Array(9)
    price[0] = 3
    new DataView(price.buffer).setBigUint64(1, 2_000_000n, true) // micro-lamports per compute unit
    const limit = new Uint8Array(5)
    limit[0] = 2
    new DataView(limit.buffer).setUint32(1, 10_000, true)
    const transaction = await signTransactionMessageWithSigners(
      pipe(
        createTransactionMessage({ version: 0 }),
        (message) => setTransactionMessageFeePayerSigner(payer, message),
        (message) => setTransactionMessageLifetimeUsingBlockhash(lifetime, message),
        (message) =>
          appendTransactionMessageInstructions(
            [
              { programAddress: computeBudget, data: price },
              { programAddress: computeBudget, data: limit },
              getTransferSolInstruction({ source: payer, destination: receiver.address, amount: sol }),
            ],
            message,
          ),
      ),
    )
    const { value: fee } = await rpc.getFeeForMessage(messageBase64(transaction)).send()
    expect(fee).toBe(5_000n + 20_000n)
    const before = devnet.getBalance(payer.address)
    await rpc.sendTransaction(wire(transaction), { encoding: 'base64' }).send()
    expect(before - devnet.getBalance(payer.address)).toBe(sol + (fee as bigint))
  })

  test('behavior: null for an unknown blockhash and for an expired one (after 150 slots)', async () => {
    const { rpc, transfer, wire, post, payer, receiver } = await start(1)
    const unknown = { blockhash: receiver.address as string as never, lastValidBlockHeight: 1n }
    const orphan = await transfer({
      feePayer: payer,
      source: payer,
      destination: receiver.address,
      amount: sol,
      lifetime: unknown,
    })
    expect(await rpc.getFeeForMessage(messageBase64(orphan)).send()).toMatchObject({
      context: { slot: expect.any(BigInt) },
      value: null,
    })

    const { value: lifetime } = await rpc.getLatestBlockhash().send()
    const transaction = await transfer({
      feePayer: payer,
      source: payer,
      destination: receiver.address,
      amount: sol,
      lifetime,
    })
    expect((await rpc.isBlockhashValid(lifetime.blockhash).send()).value).toBe(true)
    while ((await rpc.getBlockHeight().send()) <= lifetime.lastValidBlockHeight)
      await new Promise((resolve) => setTimeout(resolve, 20))
    expect((await rpc.getFeeForMessage(messageBase64(transaction)).send()).value).toBeNull()
    expect((await rpc.isBlockhashValid(lifetime.blockhash).send()).value).toBe(false)
    const { json } = await post(
      JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'sendTransaction',
        params: [wire(transaction), { encoding: 'base64' }],
      }),
    )
    expect(json).toMatchObject({
      error: { code: -32002, message: 'Transaction simulation failed: Blockhash not found' },
    })
  })
})

describe('getTransaction', () => {
  test('default: a landed transfer with its fee and balances (json and base64)', async () => {
    const { rpc, transfer, wire, payer, receiver } = await start()
    const transaction = await transfer({
      feePayer: payer,
      source: payer,
      destination: receiver.address,
      amount: sol,
    })
    const signature = await rpc.sendTransaction(wire(transaction), { encoding: 'base64' }).send()
    const landed = await rpc
      .getTransaction(signature, { encoding: 'json', maxSupportedTransactionVersion: 0 })
      .send()
    expect(landed).toMatchObject({
      version: 0,
      meta: {
        err: null,
        fee: 5_000n,
        preBalances: [10n * sol, 0n, 1n],
        postBalances: [9n * sol - 5_000n, sol, 1n],
      },
      transaction: {
        signatures: [signature],
        message: { accountKeys: [payer.address, receiver.address, '11111111111111111111111111111111'] },
      },
    })
    const encoded = await rpc
      .getTransaction(signature, { encoding: 'base64', maxSupportedTransactionVersion: 0 })
      .send()
    expect(encoded?.transaction).toEqual([wire(transaction), 'base64'])
    expect(
      await rpc
        .getTransaction(
          getSignatureFromTransaction(
            await transfer({ feePayer: payer, source: payer, destination: receiver.address, amount: 2n }),
          ),
        )
        .send(),
    ).toBeNull()
  })

  test('error: a v0 transaction without maxSupportedTransactionVersion -> -32015', async () => {
    const { rpc, transfer, wire, post, payer, receiver } = await start()
    const transaction = await transfer({
      feePayer: payer,
      source: payer,
      destination: receiver.address,
      amount: sol,
    })
    const signature = await rpc.sendTransaction(wire(transaction), { encoding: 'base64' }).send()
    const { json } = await post(
      JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getTransaction', params: [signature] }),
    )
    expect(json).toMatchObject({ error: { code: -32015 } })
  })
})
