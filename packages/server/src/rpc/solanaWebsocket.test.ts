import { mkdtemp, rm, writeFile } from 'node:fs/promises'
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
import { spawnServer } from '../test/spawnServer.js'
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
}, 60_000)

afterAll(async () => {
  for (const client of clients) client.socket.terminate()
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
