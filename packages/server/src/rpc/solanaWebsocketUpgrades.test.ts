import { connect as connectTcp } from 'node:net'
import { type SolanaDevnet, startSolanaDevnet } from '@sigil/devnet'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { createTestServer, type TestServer } from '../test/createTestServer.js'
import { type LocalListener, serveOnLocalPort } from '../test/serveOnLocalPort.js'
import { defaultSolanaWebsocketLimits } from './solanaWebsocketGateway.js'
import { openSolanaWebsocketClient, type SolanaWebsocketClient } from './test/solanaWebsocketClient.js'
import { type CountingTcpProxy, startCountingTcpProxy } from './test/startCountingTcpProxy.js'

/**
 * Upgrades of `/rpc/solana-<cluster>` that are not websocket handshakes, through the server's real
 * listener, against the devnet's Solana runtime reached through a TCP proxy that counts the server's
 * sockets at the cluster (seen from outside the server): nothing is opened there, and the client
 * address keeps its places.
 */

const chainId = 'solana-localnet'
let solana: SolanaDevnet
let proxy: CountingTcpProxy
let server: TestServer
let listener: LocalListener
let port: number
let path: string

type RawAnswer = { status: number; head: string; body: string }

/**
 * Sends `lines` (request line and headers) as one HTTP request to the listener and answers what the
 * server wrote before it closed the connection.
 */
const sendRaw = (lines: string[]) =>
  new Promise<RawAnswer>((resolve, reject) => {
    const socket = connectTcp(port, '127.0.0.1')
    let text = ''
    const timer = setTimeout(() => {
      socket.destroy()
      reject(new Error(`the server kept the connection open after:\n${lines.join('\n')}\n\n${text}`))
    }, 10_000)
    socket.on('data', (chunk: Buffer) => {
      text += chunk.toString('utf8')
    })
    socket.on('error', () => {})
    socket.on('close', () => {
      clearTimeout(timer)
      const [head = '', body = ''] = text.split('\r\n\r\n')
      resolve({ status: Number(head.split(' ')[1] ?? 0), head, body })
    })
    socket.write(`${lines.join('\r\n')}\r\n\r\n`)
  })

/** Sends `text` to the listener and hangs up at once, before any answer. */
const hangUp = (text: string) =>
  new Promise<void>((resolve) => {
    const socket = connectTcp(port, '127.0.0.1', () => {
      socket.write(text)
      socket.destroy()
    })
    socket.on('error', () => {})
    socket.on('close', () => resolve())
  })

const validKey = 'dGhlIHNhbXBsZSBub25jZQ=='
/** An upgrade request of the gateway's path; a header given as null is left out. */
const upgradeRequest = ({
  method = 'GET',
  upgrade = 'websocket' as string | null,
  key = validKey as string | null,
  version = '13' as string | null,
  extra = [] as string[],
} = {}) => [
  `${method} ${path} HTTP/1.1`,
  'Host: 127.0.0.1',
  upgrade === null ? 'Connection: close' : 'Connection: Upgrade',
  ...(upgrade === null ? [] : [`Upgrade: ${upgrade}`]),
  ...(key === null ? [] : [`Sec-WebSocket-Key: ${key}`]),
  ...(version === null ? [] : [`Sec-WebSocket-Version: ${version}`]),
  ...(method === 'POST' ? ['Content-Length: 0'] : []),
  ...extra,
]

const clients: SolanaWebsocketClient[] = []

beforeAll(async () => {
  solana = await startSolanaDevnet()
  proxy = await startCountingTcpProxy(new URL(solana.wsUrl).host)
  server = await createTestServer('sqlite', {
    chains: [{ id: chainId, type: 'solana', rpcUrl: solana.rpcUrl, wsUrl: `ws://${proxy.host}` }],
  })
  listener = await serveOnLocalPort(server.app)
  server.app.websockets.attach(listener.server)
  port = Number(new URL(listener.url).port)
  path = `/rpc/${chainId}/${server.signerApp.apiKey}`
}, 60_000)

afterAll(async () => {
  for (const client of clients) client.socket.terminate()
  await server?.app.websockets.close()
  await listener?.close()
  await server?.cleanup()
  await proxy?.close()
  await solana?.stop()
})

describe('Solana websocket upgrades that are not websocket handshakes (real listener, devnet runtime)', () => {
  test('error: POST, a bad key, a missing or wrong version, another Upgrade, a bad subprotocol, hang-ups: plain 4xx, no socket at the cluster, no place of the address taken', async () => {
    const perAddress = defaultSolanaWebsocketLimits.maxSocketsPerClient
    const times = perAddress + 5
    const openBefore = proxy.open()
    const acceptedBefore = proxy.accepted()
    const burst = async (lines: string[]) => Promise.all(Array.from({ length: times }, () => sendRaw(lines)))
    const answers = {
      post: await burst(upgradeRequest({ method: 'POST' })),
      badKey: await burst(upgradeRequest({ key: 'not-a-websocket-key' })),
      noKey: await burst(upgradeRequest({ key: null })),
      noVersion: await burst(upgradeRequest({ version: null })),
      wrongVersion: await burst(upgradeRequest({ version: '12' })),
      otherUpgrade: await burst(upgradeRequest({ upgrade: 'h2c' })),
      noUpgrade: await burst(upgradeRequest({ upgrade: null })),
    }
    // None of them reached the cluster.
    expect(proxy.accepted()).toBe(acceptedBefore)
    // A subprotocol ws cannot parse passes the gateway's own checks; ws refuses it after the app is known.
    const badProtocol = await burst(upgradeRequest({ extra: ['Sec-WebSocket-Protocol: a b'] }))
    await Promise.all(
      Array.from({ length: times }, () => [
        hangUp(`${upgradeRequest().join('\r\n')}\r\n\r\n`),
        hangUp(`${upgradeRequest().slice(0, 3).join('\r\n')}\r\n`),
      ]).flat(),
    )

    // The server's sockets at the cluster: as many as before (the bad subprotocols' and the hang-ups', if
    // opened, are closed again).
    await vi.waitFor(() => expect(proxy.open()).toBe(openBefore), { timeout: 10_000, interval: 50 })

    const refusal = (error: string) => ({
      error: expect.stringContaining(error),
      code: 'BAD_WEBSOCKET_HANDSHAKE',
    })
    const statuses = (list: RawAnswer[]) => [...new Set(list.map((answer) => answer.status))]
    expect(statuses(answers.post)).toEqual([405])
    expect(answers.post[0]!.head).toMatch(/\r\nAllow: GET\r\n/)
    expect(JSON.parse(answers.post[0]!.body)).toEqual(
      refusal('a websocket upgrade is a GET request, not POST'),
    )
    expect(statuses(answers.badKey)).toEqual([400])
    expect(JSON.parse(answers.badKey[0]!.body)).toEqual(refusal('invalid Sec-WebSocket-Key'))
    expect(JSON.parse(answers.noKey[0]!.body)).toEqual(refusal('missing Sec-WebSocket-Key'))
    expect(statuses(answers.noVersion)).toEqual([426])
    expect(answers.noVersion[0]!.head).toMatch(/\r\nSec-WebSocket-Version: 13\r\n/)
    expect(JSON.parse(answers.noVersion[0]!.body)).toEqual(refusal('missing Sec-WebSocket-Version'))
    expect(statuses(answers.wrongVersion)).toEqual([426])
    expect(JSON.parse(answers.wrongVersion[0]!.body)).toEqual(refusal('unsupported Sec-WebSocket-Version'))
    expect(statuses(answers.otherUpgrade)).toEqual([400])
    expect(JSON.parse(answers.otherUpgrade[0]!.body)).toEqual(refusal('Upgrade: websocket'))
    // No Upgrade header at all is a plain HTTP request: the HTTP gateway answers it, not the websocket.
    expect(statuses(answers.noUpgrade).every((status) => status >= 400 && status < 500)).toBe(true)
    expect(statuses(badProtocol)).toEqual([400])

    // The address still has every place: as many valid websockets as it may hold open, each answering.
    const opened = await vi.waitFor(
      async () => {
        const sockets = await Promise.allSettled(
          Array.from({ length: perAddress }, () =>
            openSolanaWebsocketClient(`ws://127.0.0.1:${port}${path}`),
          ),
        )
        for (const each of sockets) if (each.status === 'fulfilled') clients.push(each.value)
        const refused = sockets.find((each) => each.status === 'rejected')
        if (refused) {
          for (const each of sockets) if (each.status === 'fulfilled') await each.value.close()
          throw new Error(`refused: ${JSON.stringify((refused as PromiseRejectedResult).reason)}`)
        }
        return sockets.map((each) => (each as PromiseFulfilledResult<SolanaWebsocketClient>).value)
      },
      { timeout: 10_000, interval: 200 },
    )
    const subscriptions = await Promise.all(opened.map((client) => client.call('slotSubscribe', [])))
    expect(subscriptions).toEqual(opened.map(() => expect.any(Number)))
    expect(proxy.open()).toBe(openBefore + perAddress)
    await Promise.all(opened.map((client) => client.close()))
    await vi.waitFor(() => expect(proxy.open()).toBe(openBefore), { timeout: 10_000, interval: 50 })
  }, 60_000)
})
