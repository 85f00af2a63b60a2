import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  createSolanaRpcSubscriptions,
  getBase64EncodedWireTransaction,
  getSignatureFromTransaction,
  sendAndConfirmTransactionFactory,
} from '@solana/kit'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type WebSocket, WebSocketServer } from 'ws'
import type { ChainConfig } from '../gateway/ChainConfig.js'
import { createSolanaSponsorPolicy } from '../sponsor/solana/createSolanaSponsorPolicy.js'
import { testAppOrigin, testMasterKey } from '../test/createTestServer.js'
import { spawnServer } from '../test/spawnServer.js'
import { type SolanaWebsocketGateway, solanaWebsocketGateway } from './solanaWebsocketGateway.js'
import {
  openSolanaWebsocketClient,
  type RefusedUpgrade,
  type SolanaWebsocketClient,
} from './test/solanaWebsocketClient.js'
import { type SolanaGateway, solanaChainId, startSolanaGateway } from './test/startSolanaGateway.js'

/**
 * The gateway's Solana websocket (`/rpc/solana-<cluster>` upgrades) with a raw `ws` client: against the
 * devnet's Solana runtime (litesvm) behind a real listener, and, for what that runtime does not serve
 * (account subscriptions) or cannot show (what reached the cluster, the cluster going away), against a
 * stand-in cluster: a `ws` server on 127.0.0.1 that records every call and answers as a Solana node does.
 */

let gateway: SolanaGateway
let policyId: string
/** `ws://127.0.0.1:<port>/rpc/solana-localnet` of the server's own listener. */
let base: string
let apiKey: string

/** The stand-in cluster: methods it received, its open sockets. */
const standIn = { methods: [] as string[], sockets: new Set<WebSocket>() }
let cluster: WebSocketServer
/** A second gateway (small caps, the stand-in and an unreachable cluster as chains) on its own listener. */
let relay: { gateway: SolanaWebsocketGateway; server: Server; base: string }
const relayLimits = { maxSubscriptions: 2, maxMessageBytes: 1_024, maxBufferedBytes: 1024 * 1024 }
/** An account the stand-in floods with notifications. */
const floodAccount = 'F1oodF1oodF1oodF1oodF1oodF1oodF1oodF1oodF1o'

const open = (url: string, options?: { origin?: string }) => openSolanaWebsocketClient(url, options)
const refused = (url: string, options?: { origin?: string }) =>
  open(url, options).then(
    () => Promise.reject(new Error('the upgrade was accepted')),
    (error: RefusedUpgrade) => error,
  )
const clients: SolanaWebsocketClient[] = []
const connect = async (url: string, options?: { origin?: string }) => {
  const client = await open(url, options)
  clients.push(client)
  return client
}

beforeAll(async () => {
  gateway = await startSolanaGateway('sqlite')
  gateway.server.app.websockets.attach(gateway.listener.server)
  base = `${gateway.listener.url.replace('http:', 'ws:')}/rpc/${solanaChainId}`
  apiKey = gateway.server.signerApp.apiKey
  policyId = (
    await createSolanaSponsorPolicy(gateway.server.store.db, {
      appId: gateway.server.signerApp.appId,
      chains: [solanaChainId],
      now: Date.now(),
    })
  ).id

  cluster = new WebSocketServer({ port: 0, host: '127.0.0.1' })
  await new Promise((resolve) => cluster.once('listening', resolve))
  cluster.on('connection', (socket) => {
    standIn.sockets.add(socket)
    socket.on('close', () => standIn.sockets.delete(socket))
    socket.on('message', (data) => {
      const call = JSON.parse(String(data))
      standIn.methods.push(call.method)
      const answer = (result: unknown) => socket.send(JSON.stringify({ jsonrpc: '2.0', id: call.id, result }))
      if (call.method === 'accountSubscribe' && call.params[0] === floodAccount) {
        // 32 notifications of 512 KiB each, far more than the loopback socket buffers hold.
        answer(43)
        const data = Buffer.alloc(384 * 1024).toString('base64')
        for (let count = 0; count < 32; count++)
          socket.send(
            JSON.stringify({
              jsonrpc: '2.0',
              method: 'accountNotification',
              params: {
                result: { context: { slot: count }, value: { data: [data, 'base64'] } },
                subscription: 43,
              },
            }),
          )
      } else if (call.method === 'accountSubscribe') {
        answer(42)
        const result = {
          context: { slot: 7 },
          value: { lamports: 5, data: ['', 'base64'], owner: '11111111111111111111111111111111' },
        }
        socket.send(
          JSON.stringify({
            jsonrpc: '2.0',
            method: 'accountNotification',
            params: { result, subscription: 42 },
          }),
        )
        // Pushes the gateway must not pass on: another subscription's, and a method no one asked for.
        socket.send(
          JSON.stringify({
            jsonrpc: '2.0',
            method: 'accountNotification',
            params: { result, subscription: 9 },
          }),
        )
        socket.send(
          JSON.stringify({
            jsonrpc: '2.0',
            method: 'rootNotification',
            params: { result: 1, subscription: 42 },
          }),
        )
      } else if (call.method === 'accountUnsubscribe') answer(true)
      else if (call.method === 'slotSubscribe') answer(call.id + 100)
      else
        socket.send(
          JSON.stringify({
            jsonrpc: '2.0',
            id: call.id,
            error: { code: -32601, message: 'Method not found' },
          }),
        )
    })
  })
  const ctx = gateway.server.app.sigil
  const chains: ChainConfig[] = [
    ...ctx.config.chains,
    {
      type: 'solana',
      id: 'solana-standin',
      rpcUrl: 'http://127.0.0.1:9',
      wsUrl: `ws://127.0.0.1:${(cluster.address() as AddressInfo).port}`,
    },
    { type: 'solana', id: 'solana-down', rpcUrl: 'http://127.0.0.1:9' },
  ]
  const relayGateway = solanaWebsocketGateway({ ...ctx, config: { ...ctx.config, chains } }, relayLimits)
  const relayServer = createServer((_request, response) => response.writeHead(404).end())
  relayGateway.attach(relayServer)
  await new Promise<void>((resolve) => relayServer.listen(0, '127.0.0.1', resolve))
  relay = {
    gateway: relayGateway,
    server: relayServer,
    base: `ws://127.0.0.1:${(relayServer.address() as AddressInfo).port}/rpc`,
  }
}, 60_000)

afterAll(async () => {
  for (const client of clients) client.socket.terminate()
  await relay?.gateway.close()
  relay?.server.close()
  cluster?.close()
  await gateway?.server.app.websockets.close()
  await gateway?.stop()
})

describe('Solana websocket gateway (ws client)', () => {
  test('default: signatureSubscribe with the app key in the path notifies when a sponsored transfer lands; the subscription then ends', async () => {
    const client = await connect(`${base}/${apiKey}`)
    const user = await gateway.newUser()
    const recipient = (await gateway.newUser(0n)).address
    const unsigned = await gateway.build(user.address, [gateway.transfer(user, recipient, 1_000_000n)])
    const sponsored = await gateway.requestFeePayer(policyId, unsigned)
    const signed = await gateway.sign(user, gateway.decode(sponsored.result.serializedTransaction))
    const signature = getSignatureFromTransaction(signed)

    const subscription = await client.call('signatureSubscribe', [signature, { commitment: 'finalized' }])
    expect(subscription).toEqual(expect.any(Number))
    await gateway.rpc.sendTransaction(getBase64EncodedWireTransaction(signed), { encoding: 'base64' }).send()
    const notification = await client.notification('signatureNotification', subscription)
    expect(notification).toEqual({
      jsonrpc: '2.0',
      method: 'signatureNotification',
      params: {
        subscription,
        result: { context: expect.objectContaining({ slot: expect.any(Number) }), value: { err: null } },
      },
    })
    expect(gateway.solana.getBalance(recipient)).toBe(1_000_000n)
    // Ended by its notification, as on Solana: unsubscribing it again is refused.
    expect((await client.request('signatureUnsubscribe', [subscription])).error).toEqual({
      code: -32602,
      message: 'Invalid subscription id.',
    })
  })

  test('default: @solana/kit sendAndConfirmTransactionFactory with its subscriptions on the gateway path confirms a sponsored transfer', async () => {
    const rpcSubscriptions = createSolanaRpcSubscriptions(`${base}/${apiKey}`)
    const sendAndConfirm = sendAndConfirmTransactionFactory({ rpc: gateway.rpc, rpcSubscriptions } as never)
    const user = await gateway.newUser()
    const recipient = (await gateway.newUser(0n)).address
    const { value: lifetime } = await gateway.rpc.getLatestBlockhash().send()
    const unsigned = await gateway.build(user.address, [gateway.transfer(user, recipient, 1_500_000n)], 0, {
      blockhash: lifetime.blockhash,
    })
    const sponsored = await gateway.requestFeePayer(policyId, unsigned)
    const signed = await gateway.sign(user, gateway.decode(sponsored.result.serializedTransaction))
    // A decoded wire transaction does not know its lifetime; kit's confirmation watches it.
    await sendAndConfirm({ ...signed, lifetimeConstraint: lifetime } as never, { commitment: 'confirmed' })
    expect(gateway.solana.getBalance(recipient)).toBe(1_500_000n)
  })

  test('default: slotSubscribe notifies every slot until slotUnsubscribe; answers keep the app’s ids', async () => {
    const client = await connect(`${base}/${apiKey}`)
    const first = await client.request('slotSubscribe', [])
    expect(first).toEqual({ jsonrpc: '2.0', id: expect.stringMatching(/^c\d+$/), result: expect.any(Number) })
    const slot = await client.notification('slotNotification', first.result)
    expect(slot.params.result).toEqual({
      parent: expect.any(Number),
      root: expect.any(Number),
      slot: expect.any(Number),
    })
    expect(await client.call('slotUnsubscribe', [first.result])).toBe(true)
    const isFirst = (message: { method?: string; params?: { subscription?: number } }) =>
      message.method === 'slotNotification' && message.params?.subscription === first.result
    client.received.splice(0, client.received.length, ...client.received.filter((each) => !isFirst(each)))
    // A second subscription's notification comes after the first's would have (same slot, same order).
    const second = await client.call('slotSubscribe', [])
    await client.notification('slotNotification', second)
    await client.notification('slotNotification', second)
    expect(client.received.filter(isFirst)).toEqual([])
    expect((await client.request('slotUnsubscribe', [first.result])).error?.message).toBe(
      'Invalid subscription id.',
    )
  })

  test('default: accountSubscribe and accountUnsubscribe reach the cluster; only its notifications of that subscription come back', async () => {
    const client = await connect(`${relay.base}/solana-standin/${apiKey}`)
    const subscription = await client.call('accountSubscribe', [
      'Ga3ZQzgkFkPs6Q4vdF6gpmcwyQvSfGsgoLakdwXqT2NP',
      { commitment: 'confirmed', encoding: 'base64' },
    ])
    expect(subscription).toBe(42)
    const notification = await client.notification('accountNotification', 42)
    expect(notification.params.result.value.lamports).toBe(5)
    expect(await client.call('accountUnsubscribe', [42])).toBe(true)
    expect(standIn.methods.slice(-2)).toEqual(['accountSubscribe', 'accountUnsubscribe'])
    expect(client.received).toEqual([])
  })

  test('error: methods other than the six are -32601 from the gateway and never reach the cluster; notifications (web3.js’s ping) get no answer', async () => {
    const client = await connect(`${relay.base}/solana-standin/${apiKey}`)
    const before = standIn.methods.length
    client.socket.send(JSON.stringify({ jsonrpc: '2.0', method: 'ping' }))
    for (const method of [
      'programSubscribe',
      'logsSubscribe',
      'blockSubscribe',
      'rootSubscribe',
      'voteSubscribe',
      'getBalance',
      'sendTransaction',
      'requestAirdrop',
    ]) {
      const answer = await client.request(method, [])
      expect(answer.error, method).toEqual({
        code: -32601,
        message: expect.stringContaining(`method ${method} is not available over the gateway's websocket`),
      })
    }
    expect(standIn.methods.length).toBe(before)
    expect(client.received).toEqual([])
  })

  test('error: bad params are -32602, batches and non-JSON -32600 and -32700, none forwarded', async () => {
    const client = await connect(`${relay.base}/solana-standin/${apiKey}`)
    const before = standIn.methods.length
    for (const [method, params] of [
      ['signatureSubscribe', []],
      ['signatureSubscribe', ['not base58!']],
      ['accountSubscribe', ['Ga3ZQzgkFkPs6Q4vdF6gpmcwyQvSfGsgoLakdwXqT2NP', { filters: [] }]],
      ['slotUnsubscribe', ['1']],
    ] as const)
      expect((await client.request(method, params)).error?.code, `${method} ${JSON.stringify(params)}`).toBe(
        -32602,
      )
    client.socket.send('[{"jsonrpc":"2.0","id":1,"method":"slotSubscribe"}]')
    expect((await client.next((message) => message.id === null)).error.code).toBe(-32600)
    client.socket.send('{not json')
    expect((await client.next((message) => message.id === null)).error.code).toBe(-32700)
    expect(standIn.methods.length).toBe(before)
  })

  test('error: an upgrade with no app credential, an unknown key, a foreign origin, on an EVM or unknown chain is refused with { error, code } and no socket', async () => {
    expect(await refused(base)).toEqual({
      status: 401,
      body: { error: expect.any(String), code: 'APP_UNAUTHORIZED' },
    })
    expect(await refused(`${base}/not-a-key`)).toEqual({
      status: 401,
      body: { error: 'unknown or revoked API key', code: 'APP_UNAUTHORIZED' },
    })
    expect(await refused(base, { origin: 'https://evil.example' })).toEqual({
      status: 403,
      body: { error: expect.any(String), code: 'ORIGIN_NOT_ALLOWED' },
    })
    expect(await refused(`${base}/${apiKey}`, { origin: 'https://evil.example' })).toMatchObject({
      status: 403,
    })
    const root = base.replace(`/rpc/${solanaChainId}`, '')
    expect(await refused(`${root}/rpc/31337/${apiKey}`)).toEqual({
      status: 404,
      body: { error: expect.stringContaining('Solana chains only'), code: 'CHAIN_NOT_FOUND' },
    })
    expect(await refused(`${root}/rpc/solana-mainnet/${apiKey}`)).toMatchObject({ status: 404 })
    expect(await refused(`${root}/signer/v1/whoami`)).toMatchObject({ status: 404 })
  })

  test('behavior: a browser origin the app allows opens the socket without a key, as on HTTP', async () => {
    const client = await connect(base, { origin: testAppOrigin })
    expect(await client.call('slotSubscribe', [])).toEqual(expect.any(Number))
  })

  test('error: subscriptions past the cap are refused; a message over the size cap closes the socket (1009)', async () => {
    const client = await connect(`${relay.base}/solana-standin/${apiKey}`)
    await client.call('slotSubscribe', [])
    await client.call('slotSubscribe', [])
    expect((await client.request('slotSubscribe', [])).error).toEqual({
      code: -32600,
      message: `at most ${relayLimits.maxSubscriptions} subscriptions per websocket: unsubscribe one, or open another socket`,
    })
    client.socket.send(
      JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'slotSubscribe', params: ['x'.repeat(2_000)] }),
    )
    expect((await client.closed).code).toBe(1009)
  })

  test('behavior: an app that stops reading is cut off once its queue passes the cap, and the cluster’s socket with it', async () => {
    const before = new Set(standIn.sockets)
    const client = await connect(`${relay.base}/solana-standin/${apiKey}`)
    const [upstream] = [...standIn.sockets].filter((socket) => !before.has(socket))
    const upstreamClosed = new Promise((resolve) => upstream!.once('close', resolve))
    client.socket.pause()
    client.socket.send(
      JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'accountSubscribe', params: [floodAccount] }),
    )
    await upstreamClosed
    client.socket.resume()
    expect((await client.closed).code).toBe(1006)
  })

  test('behavior: the app closing its socket closes the cluster’s; the cluster closing closes the app’s (1011)', async () => {
    const before = new Set(standIn.sockets)
    const client = await connect(`${relay.base}/solana-standin/${apiKey}`)
    const [upstream] = [...standIn.sockets].filter((socket) => !before.has(socket))
    expect(upstream).toBeDefined()
    const upstreamClosed = new Promise((resolve) => upstream!.once('close', resolve))
    await client.close()
    await upstreamClosed

    const again = await connect(`${relay.base}/solana-standin/${apiKey}`)
    const [next] = [...standIn.sockets].filter((socket) => !before.has(socket))
    next!.close()
    expect(await again.closed).toEqual({ code: 1011, reason: 'the cluster closed the connection' })
  })

  test('error: a cluster whose websocket cannot be reached answers 502 UPSTREAM_UNAVAILABLE', async () => {
    expect(await refused(`${relay.base}/solana-down/${apiKey}`)).toEqual({
      status: 502,
      body: { error: 'the websocket of chain solana-down is unavailable', code: 'UPSTREAM_UNAVAILABLE' },
    })
  })

  test('behavior: sigil-server start serves the websocket on its port and, for web3.js, on port + 1', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'sigil-solana-ws-'))
    const env = { SIGIL_MASTER_KEY: testMasterKey }
    try {
      const chainsFile = join(dataDir, 'chains.json')
      const chains = [{ id: solanaChainId, type: 'solana', rpcUrl: gateway.solana.rpcUrl }]
      await writeFile(chainsFile, JSON.stringify({ chains }))
      // --dev makes the dev app and prints its API key.
      const server = await spawnServer(
        ['start', '--dev', '--port', '0', '--data-dir', dataDir, '--chains', chainsFile],
        env,
      )
      try {
        let key: string | undefined
        for (let waited = 0; waited < 10_000 && !key; waited += 25) {
          key = server.output().match(/dev app API key: (\S+)/)?.[1]
          if (!key) await new Promise((resolve) => setTimeout(resolve, 25))
        }
        const line = server.output().match(/Solana websocket: (\S+)(?: \(and (\S+), where web3\.js)?/)
        expect(line?.[1]).toBe(`${server.url.replace('http:', 'ws:')}/rpc/${solanaChainId}`)
        const port = Number(new URL(server.url).port)
        // Port + 1 may be taken on a busy machine: then start says so and goes on.
        if (line?.[2]) expect(line[2]).toBe(`ws://127.0.0.1:${port + 1}/rpc/${solanaChainId}`)
        else expect(server.output()).toContain(`WARNING: port ${port + 1}`)
        for (const url of [line![1], line![2]].filter(Boolean)) {
          const client = await connect(`${url}/${key}`)
          expect(await client.call('slotSubscribe', []), url).toEqual(expect.any(Number))
          await client.close()
        }
      } finally {
        await server.stop()
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true })
    }
  }, 60_000)
})
