import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { type Devnet, startDevnet } from '@sigil/devnet'
import { entryPoint06Address, entryPoint07Address, entryPoint08Address } from 'viem/account-abstraction'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createLogger } from '../log/createLogger.js'
import { createTestServer, type TestServer, testAppOrigin } from '../test/createTestServer.js'
import { type LocalListener, serveOnLocalPort } from '../test/serveOnLocalPort.js'
import { rpcRequest } from './test/rpcRequest.js'

/** Routing, forwarding and JSON-RPC errors of `/rpc/<chainId>` against a real anvil + alto. */

let devnet: Devnet
let server: TestServer
let listener: LocalListener
let proxy: Server
const proxied: IncomingHttpHeaders[] = []
const logLines: string[] = []

beforeAll(async () => {
  devnet = await startDevnet()
  // Chain 31338: a recording proxy in front of the same anvil, to see what the gateway sends upstream.
  proxy = createServer((request, response) => {
    proxied.push(request.headers)
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', async () => {
      const upstream = await fetch(devnet.rpcUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: Buffer.concat(chunks),
      })
      response.writeHead(upstream.status, { 'content-type': 'application/json' })
      response.end(await upstream.text())
    })
  })
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve))
  const proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`
  server = await createTestServer('sqlite', {
    logger: createLogger({ level: 'debug', write: (line) => logLines.push(line) }),
    chains: [
      {
        id: devnet.chainId,
        rpcUrl: devnet.rpcUrl,
        bundlerUrl: devnet.bundlerUrl,
        paymasters: devnet.paymasters,
      },
      { id: 31338, rpcUrl: proxyUrl },
      // Nothing listens on port 9; the URL carries a credential that must never show.
      { id: 999, rpcUrl: 'http://user:s3cret-token@127.0.0.1:9/v2/s3cret-token' },
    ],
  })
  listener = await serveOnLocalPort(server.app)
}, 120_000)
afterAll(async () => {
  await listener?.close()
  await server?.cleanup()
  await new Promise((resolve) => proxy?.close(resolve))
  await devnet?.stop()
})

const call = (method: string, params: unknown[] = [], chainId = 31337) =>
  rpcRequest(server.app, { apiKey: server.signerApp.apiKey, method, params, chainId })

describe('/rpc/:chainId', () => {
  test('default: node methods go to the node, bundler methods to the bundler', async () => {
    expect((await call('eth_chainId')).body).toEqual({ jsonrpc: '2.0', id: 7, result: '0x7a69' })
    const { body } = await call('eth_supportedEntryPoints')
    expect(body.result.map((address: string) => address.toLowerCase()).sort()).toEqual(
      [entryPoint06Address, entryPoint07Address, entryPoint08Address]
        .map((address) => address.toLowerCase())
        .sort(),
    )
  })

  test('behavior: rundler_maxPriorityFeePerGas answers the node priority fee in hex', async () => {
    const { body } = await call('rundler_maxPriorityFeePerGas')
    expect(body.result).toMatch(/^0x[0-9a-f]+$/)
    expect(body.result).toBe((await call('eth_maxPriorityFeePerGas')).body.result)
  })

  test('behavior: a batch answers every call in order with its id', async () => {
    const { status, body } = await rpcRequest(server.app, {
      apiKey: server.signerApp.apiKey,
      raw: JSON.stringify([
        { jsonrpc: '2.0', id: 'a', method: 'eth_chainId' },
        { jsonrpc: '2.0', id: 2, method: 'anvil_setBalance', params: [] },
        { jsonrpc: '2.0', id: 3, method: 'eth_supportedEntryPoints', params: [] },
        { id: 4, method: 'eth_chainId' },
      ]),
    })
    expect(status).toBe(200)
    expect(body.map((each: { id: unknown }) => each.id)).toEqual(['a', 2, 3, 4])
    expect(body[0].result).toBe('0x7a69')
    expect(body[1].error).toEqual({
      code: -32601,
      message: 'method anvil_setBalance is not available through the gateway',
    })
    expect(body[2].result).toHaveLength(3)
    expect(body[3].error.code).toBe(-32600)
  })

  test('behavior: the app key in the path, or an allowed Origin, identifies the app (through the real listener)', async () => {
    const post = (path: string, headers: Record<string, string> = {}) =>
      fetch(`${listener.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId' }),
      })
    const byPath = await post(`/rpc/31337/${server.signerApp.apiKey}`)
    expect(await byPath.json()).toEqual({ jsonrpc: '2.0', id: 1, result: '0x7a69' })
    expect(byPath.headers.get('cache-control')).toBe('no-store')
    const byOrigin = await post('/rpc/31337', { origin: testAppOrigin })
    expect(byOrigin.status).toBe(200)
    expect(byOrigin.headers.get('access-control-allow-origin')).toBe(testAppOrigin)
    const preflight = await fetch(`${listener.url}/rpc/31337`, {
      method: 'OPTIONS',
      headers: {
        origin: testAppOrigin,
        'access-control-request-method': 'POST',
        'access-control-request-headers':
          'content-type,authorization,alchemy-aa-sdk-version,traceparent,solana-client',
      },
    })
    expect(preflight.headers.get('access-control-allow-origin')).toBe(testAppOrigin)
    const allowed = preflight.headers.get('access-control-allow-headers')?.toLowerCase().split(',')
    expect(allowed).toEqual(expect.arrayContaining(['alchemy-aa-sdk-version', 'solana-client']))
  })

  test('behavior: the client headers (credentials included) never travel upstream', async () => {
    proxied.length = 0
    const { body } = await rpcRequest(server.app, {
      chainId: 31338,
      method: 'eth_blockNumber',
      headers: {
        authorization: `Bearer ${server.signerApp.apiKey}`,
        cookie: 'session=secret',
        'alchemy-aa-sdk-version': '4.28.2',
        'x-alchemy-client-breadcrumb': 'a > b',
      },
    })
    expect(body.result).toMatch(/^0x[0-9a-f]+$/)
    expect(proxied).toHaveLength(1)
    const sent = Object.keys(proxied[0]!)
    for (const header of [
      'authorization',
      'cookie',
      'alchemy-aa-sdk-version',
      'x-alchemy-client-breadcrumb',
      'origin',
    ])
      expect(sent).not.toContain(header)
  })

  test('error: an unknown chain is 404 { error, code }; a missing or foreign app key is refused', async () => {
    for (const chainId of [5, 'abc']) {
      const { status, body } = await rpcRequest(server.app, {
        apiKey: server.signerApp.apiKey,
        chainId,
        method: 'eth_chainId',
      })
      expect(status).toBe(404)
      expect(body).toEqual({
        error: `chain ${chainId} is not served by this gateway`,
        code: 'CHAIN_NOT_FOUND',
      })
    }
    const none = await rpcRequest(server.app, { method: 'eth_chainId' })
    expect(none.status).toBe(401)
    expect(none.body.code).toBe('APP_UNAUTHORIZED')
    const foreign = await rpcRequest(server.app, {
      method: 'eth_chainId',
      headers: { origin: 'https://evil.example' },
    })
    expect(foreign.status).toBe(403)
  })

  test('error: malformed JSON, a bad envelope, an empty batch and refused methods are JSON-RPC errors, never a 500', async () => {
    const answer = async (raw: string) =>
      (await rpcRequest(server.app, { apiKey: server.signerApp.apiKey, raw })).body
    expect(await answer('{nope')).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32700, message: 'parse error: the body is not JSON' },
    })
    expect(await answer('{"jsonrpc":"1.0","id":9,"method":"eth_chainId"}')).toMatchObject({
      id: 9,
      error: { code: -32600 },
    })
    expect(await answer('[]')).toMatchObject({ id: null, error: { code: -32600 } })
    expect(await answer('"x"')).toMatchObject({ id: null, error: { code: -32600 } })
    for (const method of ['eth_sendTransaction', 'debug_traceTransaction', 'admin_peers'])
      expect((await call(method)).body.error).toEqual({
        code: -32601,
        message: `method ${method} is not available through the gateway`,
      })
    expect((await call('eth_getBalance', ['0x12', 'latest'])).body.error.code).toBeTypeOf('number')
  })

  test("error: node-account methods are refused through the real listener: no one moves another address's ETH", async () => {
    // Regression (issue 15): the gateway refused a short list only, so anvil's
    // eth_sendUnsignedTransaction (a transaction from any address, unsigned) and eth_accounts went through.
    const nodeCall = async (method: string, params: unknown[] = []) => {
      const response = await fetch(`${listener.url}/rpc/${devnet.chainId}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${server.signerApp.apiKey}` },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
      })
      return (await response.json()) as { result?: unknown; error?: { code: number; message: string } }
    }
    const victim = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
    const thief = '0x000000000000000000000000000000000000dEaD'
    const balance = async (address: string) =>
      BigInt((await nodeCall('eth_getBalance', [address, 'latest'])).result as string)
    const [victimBefore, thiefBefore] = [await balance(victim), await balance(thief)]
    expect(victimBefore).toBeGreaterThan(10n ** 18n)
    const stolen = await nodeCall('eth_sendUnsignedTransaction', [
      { from: victim, to: thief, value: '0xde0b6b3a7640000' },
    ])
    expect(stolen.error).toEqual({
      code: -32601,
      message: 'method eth_sendUnsignedTransaction is not available through the gateway',
    })
    await fetch(`${devnet.rpcUrl}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'evm_mine', params: [] }),
    })
    expect(await balance(thief)).toBe(thiefBefore)
    expect(await balance(victim)).toBe(victimBefore)
    for (const method of [
      'eth_accounts',
      'eth_coinbase',
      'personal_sign',
      'hardhat_setBalance',
      'txpool_content',
    ])
      expect((await nodeCall(method)).error?.code).toBe(-32601)
  })

  test('error: an unreachable node is -32002 without its URL, and nothing secret is logged', async () => {
    logLines.length = 0
    const { status, body } = await call('eth_chainId', [], 999)
    expect(status).toBe(200)
    expect(body.error).toEqual({ code: -32002, message: 'the node of chain 999 did not answer' })
    expect(logLines.join('\n')).toContain('rpc upstream unavailable')
    expect(JSON.stringify(body) + logLines.join('\n')).not.toContain('s3cret')
    expect(JSON.stringify(body) + logLines.join('\n')).not.toContain(server.signerApp.apiKey)
  })
})
