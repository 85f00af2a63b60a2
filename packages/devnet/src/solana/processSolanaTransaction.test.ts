import {
  generateKeyPairSigner,
  getSignatureFromTransaction,
  isSolanaError,
  SOLANA_ERROR__JSON_RPC__SERVER_ERROR_SEND_TRANSACTION_PREFLIGHT_FAILURE,
  SOLANA_ERROR__JSON_RPC__SERVER_ERROR_TRANSACTION_SIGNATURE_VERIFICATION_FAILURE,
  SOLANA_ERROR__TRANSACTION_ERROR__ALREADY_PROCESSED,
} from '@solana/kit'
import { describe, expect, onTestFinished, test } from 'vitest'
import { startSolanaTestbed } from './startSolanaTestbed.js'

/** sendTransaction on the runtime, through `@solana/kit` and as raw JSON-RPC. */

const sol = 1_000_000_000n

async function start(slotMilliseconds = 400) {
  const [payer, receiver] = [await generateKeyPairSigner(), await generateKeyPairSigner()]
  const testbed = await startSolanaTestbed({
    fund: [{ address: payer.address, lamports: 10n * sol }],
    slotMilliseconds,
  })
  onTestFinished(() => testbed.devnet.stop())
  const send = (body: unknown[]) =>
    testbed.post(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'sendTransaction', params: body }))
  return { ...testbed, payer, receiver, send }
}

describe('sendTransaction', () => {
  test('default: answers the signature; the transaction is finalized at once', async () => {
    const { rpc, transfer, wire, payer, receiver } = await start()
    const transaction = await transfer({
      feePayer: payer,
      source: payer,
      destination: receiver.address,
      amount: sol,
    })
    const signature = await rpc.sendTransaction(wire(transaction), { encoding: 'base64' }).send()
    expect(signature).toBe(getSignatureFromTransaction(transaction))
    const { value } = await rpc.getSignatureStatuses([signature]).send()
    expect(value).toEqual([
      {
        slot: expect.any(BigInt),
        confirmations: null,
        err: null,
        status: { Ok: null },
        confirmationStatus: 'finalized',
      },
    ])
  })

  test('behavior: base58 encoding (the JSON-RPC default) lands too', async () => {
    const { transfer, send, payer, receiver, devnet } = await start()
    const { getBase58Decoder, getTransactionEncoder } = await import('@solana/kit')
    const transaction = await transfer({
      feePayer: payer,
      source: payer,
      destination: receiver.address,
      amount: sol,
    })
    const base58 = getBase58Decoder().decode(getTransactionEncoder().encode(transaction))
    const { json } = await send([base58])
    expect(json).toEqual({ jsonrpc: '2.0', id: 1, result: getSignatureFromTransaction(transaction) })
    expect(devnet.getBalance(receiver.address)).toBe(sol)
  })

  test('behavior: a transaction on an older blockhash that is still recent lands', async () => {
    const { rpc, transfer, sendAndConfirm, payer, receiver, devnet } = await start(0)
    const { value: lifetime } = await rpc.getLatestBlockhash().send()
    const parameters = { feePayer: payer, source: payer, destination: receiver.address, lifetime }
    const first = await transfer({ ...parameters, amount: sol })
    const second = await transfer({ ...parameters, amount: 2n * sol })
    await sendAndConfirm(first)
    expect((await rpc.getLatestBlockhash().send()).value.blockhash).not.toBe(lifetime.blockhash)
    await sendAndConfirm(second)
    expect(devnet.getBalance(receiver.address)).toBe(3n * sol)
  })

  test('error: the same signed transaction twice: AlreadyProcessed as a preflight failure (-32002)', async () => {
    const { rpc, transfer, wire, send, payer, receiver, devnet } = await start()
    const transaction = await transfer({
      feePayer: payer,
      source: payer,
      destination: receiver.address,
      amount: sol,
    })
    await rpc.sendTransaction(wire(transaction), { encoding: 'base64' }).send()
    const { json } = await send([wire(transaction), { encoding: 'base64' }])
    expect(json).toMatchObject({
      id: 1,
      error: {
        code: -32002,
        message: 'Transaction simulation failed: This transaction has already been processed',
        data: { err: 'AlreadyProcessed', logs: [], accounts: null },
      },
    })
    const error = await rpc
      .sendTransaction(wire(transaction), { encoding: 'base64' })
      .send()
      .catch((caught: unknown) => caught)
    expect(
      isSolanaError(error, SOLANA_ERROR__JSON_RPC__SERVER_ERROR_SEND_TRANSACTION_PREFLIGHT_FAILURE),
    ).toBe(true)
    expect(isSolanaError((error as Error).cause, SOLANA_ERROR__TRANSACTION_ERROR__ALREADY_PROCESSED)).toBe(
      true,
    )
    expect(devnet.getBalance(receiver.address)).toBe(sol)
  })

  test('error: a missing signature is refused (-32003) naming the signer; nothing is charged', async () => {
    const { transfer, wire, send, payer, receiver, devnet, rpc } = await start()
    const user = await generateKeyPairSigner()
    await devnet.airdrop(user.address, 2n * sol)
    // The sponsorship shape before the fee payer signed: its slot is empty.
    const transaction = await transfer({
      feePayer: payer.address,
      source: user,
      destination: receiver.address,
      amount: sol,
    })
    const { json } = await send([wire(transaction), { encoding: 'base64' }])
    expect(json).toMatchObject({
      error: {
        code: -32003,
        message: `Transaction signature verification failure: missing signature for ${payer.address}`,
      },
    })
    const error = await rpc
      .sendTransaction(wire(transaction), { encoding: 'base64', skipPreflight: true })
      .send()
      .catch((caught: unknown) => caught)
    expect(
      isSolanaError(error, SOLANA_ERROR__JSON_RPC__SERVER_ERROR_TRANSACTION_SIGNATURE_VERIFICATION_FAILURE),
    ).toBe(true)
    expect(devnet.getBalance(payer.address)).toBe(10n * sol)
  })

  test('error: a wrong signature is refused (-32003)', async () => {
    const { transfer, wire, send, payer, receiver } = await start()
    const transaction = await transfer({
      feePayer: payer,
      source: payer,
      destination: receiver.address,
      amount: sol,
    })
    const signature = Object.values(transaction.signatures)[0] as Uint8Array
    const forged = {
      ...transaction,
      signatures: { [payer.address]: signature.map((byte, i) => (i === 0 ? byte ^ 1 : byte)) },
    }
    const { json } = await send([wire(forged as typeof transaction), { encoding: 'base64' }])
    expect(json).toMatchObject({
      error: { code: -32003, message: 'Transaction signature verification failure' },
    })
  })

  test('error: a transfer leaving a new account below rent exemption names the account', async () => {
    const { transfer, wire, send, payer, devnet } = await start()
    const fresh = (await generateKeyPairSigner()).address
    const transaction = await transfer({ feePayer: payer, source: payer, destination: fresh, amount: 1_000n })
    const { json } = await send([wire(transaction), { encoding: 'base64' }])
    expect(json).toMatchObject({
      error: {
        code: -32002,
        message:
          'Transaction simulation failed: Transaction results in an account (1) with insufficient funds for rent',
        data: { err: { InsufficientFundsForRent: { account_index: 1 } } },
      },
    })
    expect(devnet.getBalance(payer.address)).toBe(10n * sol)
  })

  test('behavior: with skipPreflight a failing transfer lands with its error and pays its fee', async () => {
    const { transfer, wire, send, payer, receiver, devnet, rpc } = await start()
    const transaction = await transfer({
      feePayer: payer,
      source: payer,
      destination: receiver.address,
      amount: 100n * sol,
    })
    const { json } = await send([wire(transaction), { encoding: 'base64', skipPreflight: true }])
    const signature = (json as { result: string }).result
    expect(signature).toBe(getSignatureFromTransaction(transaction))
    // @solana/kit reads every JSON integer as a bigint.
    const err = { InstructionError: [0n, { Custom: 1n }] }
    const { value } = await rpc.getSignatureStatuses([signature as never]).send()
    expect(value[0]).toMatchObject({ err, status: { Err: err }, confirmationStatus: 'finalized' })
    expect(devnet.getBalance(payer.address)).toBe(10n * sol - 5_000n)
  })

  test('error: an unknown blockhash is refused: BlockhashNotFound', async () => {
    const { transfer, wire, send, payer, receiver } = await start()
    const lifetime = { blockhash: receiver.address as string as never, lastValidBlockHeight: 1_000n }
    const transaction = await transfer({
      feePayer: payer,
      source: payer,
      destination: receiver.address,
      amount: sol,
      lifetime,
    })
    const { json } = await send([wire(transaction), { encoding: 'base64' }])
    expect(json).toMatchObject({
      error: {
        code: -32002,
        message: 'Transaction simulation failed: Blockhash not found',
        data: { err: 'BlockhashNotFound' },
      },
    })
  })

  test('error: not a transaction / not base64 / unknown encoding -> -32602', async () => {
    const { send } = await start()
    for (const params of [
      ['AAAA', { encoding: 'base64' }],
      ['***', { encoding: 'base64' }],
      ['AAAA', { encoding: 'hex' }],
      [42],
    ])
      expect((await send(params)).json).toMatchObject({ error: { code: -32602 } })
  })
})
