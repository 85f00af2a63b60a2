import { generateKeyPairSigner, getSignatureFromTransaction } from '@solana/kit'
import { describe, expect, onTestFinished, test } from 'vitest'
import { WebSocket } from 'ws'
import { startSolanaTestbed } from './startSolanaTestbed.js'

const sol = 1_000_000_000n

async function start(slotMilliseconds = 400) {
  const [payer, receiver] = [await generateKeyPairSigner(), await generateKeyPairSigner()]
  const testbed = await startSolanaTestbed({
    fund: [{ address: payer.address, lamports: 10n * sol }],
    slotMilliseconds,
  })
  onTestFinished(() => testbed.devnet.stop())
  return { ...testbed, payer, receiver }
}

/** A raw websocket client: send JSON, read the next messages. */
async function connect(url: string) {
  const socket = new WebSocket(url)
  const messages: unknown[] = []
  socket.on('message', (data) => messages.push(JSON.parse(String(data))))
  await new Promise((resolve) => socket.once('open', resolve))
  onTestFinished(() => socket.close())
  return {
    send: (body: unknown) => socket.send(JSON.stringify(body)),
    sendText: (text: string) => socket.send(text),
    async next(count: number): Promise<unknown[]> {
      while (messages.length < count) await new Promise((resolve) => setTimeout(resolve, 5))
      return messages.splice(0, count)
    },
  }
}

describe('attachSolanaSubscriptions', () => {
  test('default: slotNotifications through @solana/kit, one per slot', async () => {
    const { rpcSubscriptions } = await start(5)
    const abort = new AbortController()
    const notifications = await rpcSubscriptions.slotNotifications().subscribe({ abortSignal: abort.signal })
    const slots: bigint[] = []
    for await (const { slot, parent, root } of notifications) {
      expect(parent).toBe(slot - 1n)
      expect(root).toBe(slot)
      slots.push(slot)
      if (slots.length === 3) break
    }
    abort.abort()
    expect(slots[1]).toBe((slots[0] as bigint) + 1n)
  })

  test('behavior: signatureNotifications fires when the transaction lands, then the subscription ends', async () => {
    const { devnet, transfer, wire, rpc, payer, receiver } = await start()
    const transaction = await transfer({
      feePayer: payer,
      source: payer,
      destination: receiver.address,
      amount: sol,
    })
    const signature = getSignatureFromTransaction(transaction)
    const client = await connect(devnet.wsUrl)
    client.send({
      jsonrpc: '2.0',
      id: 1,
      method: 'signatureSubscribe',
      params: [signature, { commitment: 'confirmed' }],
    })
    const [subscribed] = (await client.next(1)) as [{ result: number }]
    expect(subscribed).toEqual({ jsonrpc: '2.0', id: 1, result: expect.any(Number) })
    await rpc.sendTransaction(wire(transaction), { encoding: 'base64' }).send()
    expect(await client.next(1)).toEqual([
      {
        jsonrpc: '2.0',
        method: 'signatureNotification',
        params: {
          result: {
            context: { apiVersion: expect.any(String), slot: expect.any(Number) },
            value: { err: null },
          },
          subscription: subscribed.result,
        },
      },
    ])
    // One-shot, as on Solana: the subscription is gone.
    client.send({ jsonrpc: '2.0', id: 2, method: 'signatureUnsubscribe', params: [subscribed.result] })
    expect(await client.next(1)).toMatchObject([
      { id: 2, error: { code: -32602, message: 'Invalid subscription id.' } },
    ])
  })

  test('behavior: subscribing to an already landed signature notifies at once, after the id', async () => {
    const { devnet, transfer, wire, rpc, payer, receiver } = await start()
    const transaction = await transfer({
      feePayer: payer,
      source: payer,
      destination: receiver.address,
      amount: sol,
    })
    const signature = await rpc.sendTransaction(wire(transaction), { encoding: 'base64' }).send()
    const client = await connect(devnet.wsUrl)
    client.send({ jsonrpc: '2.0', id: 1, method: 'signatureSubscribe', params: [signature] })
    expect(await client.next(2)).toMatchObject([
      { id: 1, result: expect.any(Number) },
      { method: 'signatureNotification', params: { result: { value: { err: null } } } },
    ])
  })

  test('behavior: slotUnsubscribe stops the notifications', async () => {
    const { devnet } = await start(0)
    const client = await connect(devnet.wsUrl)
    client.send({ jsonrpc: '2.0', id: 1, method: 'slotSubscribe' })
    const [subscribed] = (await client.next(1)) as [{ result: number }]
    await devnet.airdrop((await generateKeyPairSigner()).address, sol)
    expect(await client.next(1)).toMatchObject([
      { method: 'slotNotification', params: { subscription: subscribed.result } },
    ])
    client.send({ jsonrpc: '2.0', id: 2, method: 'slotUnsubscribe', params: [subscribed.result] })
    expect(await client.next(1)).toEqual([{ jsonrpc: '2.0', id: 2, result: true }])
    await devnet.airdrop((await generateKeyPairSigner()).address, sol)
    client.send({ jsonrpc: '2.0', id: 3, method: 'slotSubscribe' })
    expect(await client.next(1)).toMatchObject([{ id: 3 }])
  })

  test('default: accountSubscribe notifies the account as getAccountInfo gives it after each transaction that changes it, until accountUnsubscribe', async () => {
    const { devnet, transfer, wire, rpc, payer, receiver } = await start(0)
    const client = await connect(devnet.wsUrl)
    client.send({
      jsonrpc: '2.0',
      id: 1,
      method: 'accountSubscribe',
      params: [receiver.address, { commitment: 'confirmed', encoding: 'base64' }],
    })
    const [subscribed] = (await client.next(1)) as [{ result: number }]
    expect(subscribed).toEqual({ jsonrpc: '2.0', id: 1, result: expect.any(Number) })
    // A transaction that leaves the account as it is: no notification.
    await devnet.airdrop((await generateKeyPairSigner()).address, sol)
    const transaction = await transfer({
      feePayer: payer,
      source: payer,
      destination: receiver.address,
      amount: sol,
    })
    await rpc.sendTransaction(wire(transaction), { encoding: 'base64' }).send()
    const [notification] = (await client.next(1)) as [{ params: { result: { context: { slot: number } } } }]
    const { value: info } = await rpc.getAccountInfo(receiver.address, { encoding: 'base64' }).send()
    expect(notification).toEqual({
      jsonrpc: '2.0',
      method: 'accountNotification',
      params: {
        result: {
          context: { slot: expect.any(Number) },
          value: {
            data: ['', 'base64'],
            executable: false,
            lamports: Number(sol),
            owner: '11111111111111111111111111111111',
            rentEpoch: expect.any(Number),
            space: 0,
          },
        },
        subscription: subscribed.result,
      },
    })
    expect(info?.lamports).toBe(sol)
    // The slot the transfer landed in: its status says the same.
    const { value: statuses } = await rpc
      .getSignatureStatuses([getSignatureFromTransaction(transaction)])
      .send()
    expect(BigInt(notification.params.result.context.slot)).toBe(statuses[0]?.slot)

    client.send({ jsonrpc: '2.0', id: 2, method: 'accountUnsubscribe', params: [subscribed.result] })
    expect(await client.next(1)).toEqual([{ jsonrpc: '2.0', id: 2, result: true }])
    await devnet.airdrop(receiver.address, sol)
    client.send({ jsonrpc: '2.0', id: 3, method: 'getSlot' })
    // Only the answer to the later call: nothing for the unsubscribed account came before it.
    expect(await client.next(1)).toMatchObject([{ id: 3 }])
  })

  test('behavior: accountSubscribe of an account that does not exist yet notifies when it is funded; base58 by default; @solana/kit accountNotifications', async () => {
    const { devnet, rpcSubscriptions } = await start(0)
    const fresh = (await generateKeyPairSigner()).address
    const client = await connect(devnet.wsUrl)
    client.send({ jsonrpc: '2.0', id: 1, method: 'accountSubscribe', params: [fresh] })
    await client.next(1)
    const abort = new AbortController()
    const notifications = await rpcSubscriptions
      .accountNotifications(fresh, { commitment: 'processed', encoding: 'base64' })
      .subscribe({ abortSignal: abort.signal })
    // kit hands out only notifications that arrive while it is being read.
    const first = notifications[Symbol.asyncIterator]().next()
    await devnet.airdrop(fresh, 2n * sol)
    expect(await client.next(1)).toMatchObject([
      {
        method: 'accountNotification',
        params: { result: { value: { data: ['', 'base58'], lamports: Number(2n * sol) } } },
      },
    ])
    expect((await first).value).toMatchObject({
      context: { slot: expect.any(BigInt) },
      value: { lamports: 2n * sol, data: ['', 'base64'], executable: false },
    })
    abort.abort()
  })

  test('error: accountSubscribe with a bad address, encoding or commitment is refused with -32602', async () => {
    const { devnet, payer } = await start(0)
    const client = await connect(devnet.wsUrl)
    client.send({ jsonrpc: '2.0', id: 1, method: 'accountSubscribe', params: ['not-an-address'] })
    client.send({
      jsonrpc: '2.0',
      id: 2,
      method: 'accountSubscribe',
      params: [payer.address, { encoding: 'base64+zstd' }],
    })
    client.send({
      jsonrpc: '2.0',
      id: 3,
      method: 'accountSubscribe',
      params: [payer.address, { commitment: 'recent-ish' }],
    })
    client.send({ jsonrpc: '2.0', id: 4, method: 'accountUnsubscribe', params: [12_345] })
    expect(await client.next(4)).toMatchObject([
      { id: 1, error: { code: -32602, message: expect.stringContaining('base58 address') } },
      { id: 2, error: { code: -32602, message: expect.stringContaining('unsupported encoding') } },
      { id: 3, error: { code: -32602, message: expect.stringContaining('unknown commitment') } },
      { id: 4, error: { code: -32602, message: 'Invalid subscription id.' } },
    ])
  })

  test('error: unknown methods, bad params and bad JSON are answered; a notification (kit ping) is not', async () => {
    const { devnet } = await start()
    const client = await connect(devnet.wsUrl)
    client.send({ jsonrpc: '2.0', method: 'ping' })
    client.send({ jsonrpc: '2.0', id: 1, method: 'getSlot' })
    client.send({ jsonrpc: '2.0', id: 2, method: 'signatureSubscribe', params: [] })
    client.sendText('{oops')
    expect(await client.next(3)).toMatchObject([
      { id: 1, error: { code: -32601, message: 'Method not found: getSlot' } },
      { id: 2, error: { code: -32602 } },
      { id: null, error: { code: -32700 } },
    ])
  })
})
