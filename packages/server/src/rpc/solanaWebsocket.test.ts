import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import type { AddressInfo } from 'node:net'
import { connect as connectTcp, createServer as createNetServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  createSolanaRpcSubscriptions,
  getBase64EncodedWireTransaction,
  getSignatureFromTransaction,
  sendAndConfirmTransactionFactory,
} from '@solana/kit'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createSolanaSponsorPolicy } from '../sponsor/solana/createSolanaSponsorPolicy.js'
import { testAppOrigin, testMasterKey } from '../test/createTestServer.js'
import { runCli, type SpawnedServer, spawnServer } from '../test/spawnServer.js'
import {
  openSolanaWebsocketClient,
  refusedSolanaWebsocketUpgrade,
  type SolanaWebsocketClient,
} from './test/solanaWebsocketClient.js'
import { type SolanaGateway, solanaChainId, startSolanaGateway } from './test/startSolanaGateway.js'

/**
 * The gateway's Solana websocket (`/rpc/solana-<cluster>` upgrades) with a raw `ws` client and
 * `@solana/kit`, against the devnet's Solana runtime (litesvm) behind a real listener: subscriptions,
 * refused upgrades, `sigil-server start`. What that runtime cannot show (what reached the cluster, caps,
 * the cluster going away) is in solanaWebsocketRelay.test.ts.
 */

let gateway: SolanaGateway
let policyId: string
/** `ws://127.0.0.1:<port>/rpc/solana-localnet` of the server's own listener. */
let base: string
let apiKey: string

const clients: SolanaWebsocketClient[] = []
const connect = async (url: string, options?: { origin?: string }) => {
  const client = await openSolanaWebsocketClient(url, options)
  clients.push(client)
  return client
}
const refused = refusedSolanaWebsocketUpgrade

let dataDir: string
let chainsFile: string
const spawned: SpawnedServer[] = []
const cliEnv = () => ({ SIGIL_MASTER_KEY: testMasterKey })
/** `sigil-server start <args>` on this file's store and the devnet's Solana cluster (the server's own store is SQLite in a temp dir). */
const startCli = async (args: string[]) => {
  const server = await spawnServer(
    ['start', '--data-dir', dataDir, '--chains', chainsFile, ...args],
    cliEnv(),
  )
  spawned.push(server)
  return server
}
/** `sigil-server start <args>` expected to exit: its exit code and output. */
const runStart = async (args: string[]) => {
  const { code, stdout, stderr } = await runCli(
    ['start', '--data-dir', dataDir, '--chains', chainsFile, ...args],
    cliEnv(),
  )
  return { code, output: stdout + stderr }
}
/** The first match of `pattern` in what `server` prints (start prints its lines after it listens). */
async function printed(server: SpawnedServer, pattern: RegExp) {
  for (let waited = 0; waited < 10_000; waited += 25) {
    const match = server.output().match(pattern)
    if (match) return match
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
  throw new Error(`${pattern} never printed:\n${server.output()}`)
}
/** A free port of 127.0.0.1 whose next port is free too. */
async function freePortWithNext(): Promise<number> {
  for (;;) {
    const first = createNetServer()
    const port = await new Promise<number>((resolve) =>
      first.listen(0, '127.0.0.1', () => resolve((first.address() as AddressInfo).port)),
    )
    const next = createNetServer()
    const free = await new Promise<boolean>((resolve) => {
      next.once('error', () => resolve(false))
      next.listen(port + 1, '127.0.0.1', () => resolve(true))
    })
    await new Promise((resolve) => first.close(resolve))
    if (free) await new Promise((resolve) => next.close(resolve))
    if (free && port < 65_535) return port
  }
}
const canConnect = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connectTcp(port, '127.0.0.1')
    socket.once('connect', () => {
      socket.destroy()
      resolve(true)
    })
    socket.once('error', () => resolve(false))
  })

beforeAll(async () => {
  gateway = await startSolanaGateway('sqlite')
  gateway.server.app.websockets.attach(gateway.listener.server)
  base = `${gateway.listener.url.replace('http:', 'ws:')}/rpc/${solanaChainId}`
  apiKey = gateway.server.signerApp.apiKey
  dataDir = await mkdtemp(join(tmpdir(), 'sigil-solana-ws-'))
  chainsFile = join(dataDir, 'chains.json')
  const chains = [{ id: solanaChainId, type: 'solana', rpcUrl: gateway.solana.rpcUrl }]
  await writeFile(chainsFile, JSON.stringify({ chains }))
  policyId = (
    await createSolanaSponsorPolicy(gateway.server.store.db, {
      appId: gateway.server.signerApp.appId,
      chains: [solanaChainId],
      now: Date.now(),
    })
  ).id
}, 60_000)

afterAll(async () => {
  for (const client of clients) client.socket.terminate()
  await Promise.all(spawned.map((server) => server.stop()))
  if (dataDir) await rm(dataDir, { recursive: true, force: true })
  await gateway?.server.app.websockets.close()
  await gateway?.stop()
})

describe('Solana websocket gateway (ws client, @solana/kit)', () => {
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

  test('behavior: sigil-server start --dev serves the websocket on its port and, for web3.js, on port + 1', async () => {
    const server = await startCli(['--dev', '--port', '0'])
    const key = (await printed(server, /dev app API key: (\S+)/))[1]
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
  }, 60_000)

  test('behavior: sigil-server start in production opens no port + 1; --solana-websocket-port N opens that one', async () => {
    const port = await freePortWithNext()
    const production = await startCli(['--port', String(port)])
    expect((await printed(production, /Solana websocket: .*/))[0]).toBe(
      `Solana websocket: ws://127.0.0.1:${port}/rpc/${solanaChainId} (web3.js 1.x given a URL with a port looks on port + 1: pass wsEndpoint, or start with --solana-websocket-port)`,
    )
    // The gateway's websocket answers on the port itself (no app here: it refuses as it should).
    const unauthorized = { status: 401, body: { error: expect.any(String), code: 'APP_UNAUTHORIZED' } }
    expect(await refused(`ws://127.0.0.1:${port}/rpc/${solanaChainId}`)).toEqual(unauthorized)
    expect(await canConnect(port + 1)).toBe(false)
    await production.stop()

    const asked = await freePortWithNext()
    const withFlag = await startCli(['--port', '0', '--solana-websocket-port', String(asked)])
    expect((await printed(withFlag, /Solana websocket: .*/))[0]).toContain(
      `(and ws://127.0.0.1:${asked}/rpc/${solanaChainId}, where web3.js 1.x looks)`,
    )
    expect(await refused(`ws://127.0.0.1:${asked}/rpc/${solanaChainId}`)).toEqual(unauthorized)
    const port2 = Number(new URL(withFlag.url).port)
    if (port2 + 1 !== asked) expect(await canConnect(port2 + 1)).toBe(false)
  }, 60_000)

  test('error: sigil-server start --solana-websocket-port on a port in use or out of range exits 1 and says why', async () => {
    const taken = await freePortWithNext()
    const blocker = createNetServer()
    await new Promise<void>((resolve) => blocker.listen(taken, '127.0.0.1', resolve))
    try {
      const inUse = await runStart(['--port', '0', '--solana-websocket-port', String(taken)])
      expect(inUse.code).toBe(1)
      expect(inUse.output).toContain(`--solana-websocket-port ${taken} on 127.0.0.1 is already in use`)
    } finally {
      blocker.close()
    }
    const outOfRange = await runStart(['--port', '0', '--solana-websocket-port', '70000'])
    expect(outOfRange).toEqual({
      code: 1,
      output: expect.stringContaining('--solana-websocket-port must be 1-65535'),
    })
  }, 60_000)
})
