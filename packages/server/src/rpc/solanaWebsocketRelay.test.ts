import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { type WebSocket, WebSocketServer } from 'ws'
import { createTestServer, type TestServer } from '../test/createTestServer.js'
import { type SolanaWebsocketGateway, solanaWebsocketGateway } from './solanaWebsocketGateway.js'
import {
  openSolanaWebsocketClient,
  refusedSolanaWebsocketUpgrade,
  type SolanaWebsocketClient,
} from './test/solanaWebsocketClient.js'

/**
 * The gateway's Solana websocket against a stand-in cluster: a `ws` server on 127.0.0.1 that records
 * every call and answers as a Solana node does, for what the devnet's runtime does not serve (account
 * subscriptions) or cannot show (what reached the cluster, caps, the cluster going away). A gateway with
 * small caps on a listener of its own, the stand-in and an unreachable cluster as its chains.
 */

/** The stand-in cluster: methods it received, its open sockets. */
const standIn = { methods: [] as string[], sockets: new Set<WebSocket>() }
let cluster: WebSocketServer
let server: TestServer
let relay: { gateway: SolanaWebsocketGateway; server: Server; base: string }
let apiKey: string
const relayLimits = { maxSubscriptions: 2, maxMessageBytes: 1_024, maxBufferedBytes: 1024 * 1024 }
/** An account the stand-in floods with notifications. */
const floodAccount = 'F1oodF1oodF1oodF1oodF1oodF1oodF1oodF1oodF1o'

const refused = refusedSolanaWebsocketUpgrade
const clients: SolanaWebsocketClient[] = []
const connect = async (url: string) => {
  const client = await openSolanaWebsocketClient(url)
  clients.push(client)
  return client
}

beforeAll(async () => {
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
  server = await createTestServer('sqlite', {
    chains: [
      {
        type: 'solana',
        id: 'solana-standin',
        rpcUrl: 'http://127.0.0.1:9',
        wsUrl: `ws://127.0.0.1:${(cluster.address() as AddressInfo).port}`,
      },
      { type: 'solana', id: 'solana-down', rpcUrl: 'http://127.0.0.1:9' },
    ],
  })
  apiKey = server.signerApp.apiKey
  const relayGateway = solanaWebsocketGateway(server.app.sigil, relayLimits)
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
  await server?.cleanup()
})

describe('Solana websocket gateway, relayed to a stand-in cluster (ws client)', () => {
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

  test('error: one client address cannot hold more than its share of sockets; a closed or failed one frees its place', async () => {
    const gateway = solanaWebsocketGateway(server.app.sigil, { maxSocketsPerClient: 2 })
    const listener = createServer((_request, response) => response.writeHead(404).end())
    gateway.attach(listener)
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve))
    const base = `ws://127.0.0.1:${(listener.address() as AddressInfo).port}/rpc`
    try {
      // A cluster that cannot be reached takes no place.
      expect((await refused(`${base}/solana-down/${apiKey}`)).status).toBe(502)
      const first = await connect(`${base}/solana-standin/${apiKey}`)
      await connect(`${base}/solana-standin/${apiKey}`)
      expect(await refused(`${base}/solana-standin/${apiKey}`)).toEqual({
        status: 429,
        body: {
          error: 'too many websockets open from this address (at most 2)',
          code: 'TOO_MANY_WEBSOCKETS',
        },
      })
      await first.close()
      // The server sees the close a moment after the client does.
      await vi.waitFor(() => connect(`${base}/solana-standin/${apiKey}`), { timeout: 5_000, interval: 50 })
    } finally {
      await gateway.close()
      listener.close()
    }
  })
})
