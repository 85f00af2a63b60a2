import { createServer, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createPublicClient } from 'viem'
import { mainnet } from 'viem/chains'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { defineSigilChain } from '../chains/defineSigilChain.js'
import { sigil } from './sigil.js'

const seen: { url: string; headers: IncomingHttpHeaders; body: { method: string } }[] = []
const server = createServer((request, response) => {
  let body = ''
  request.on('data', (chunk) => {
    body += chunk
  })
  request.on('end', () => {
    const parsed = JSON.parse(body)
    seen.push({ url: request.url ?? '', headers: request.headers, body: parsed })
    response.setHeader('content-type', 'application/json')
    response.end(JSON.stringify({ jsonrpc: '2.0', id: parsed.id, result: '0x1' }))
  })
})
let serverUrl = ''

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  serverUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve))
})

test("default: posts to the chain's gateway URL", async () => {
  const chain = defineSigilChain({ chain: mainnet, serverUrl })
  const client = createPublicClient({ chain, transport: sigil() })
  expect(await client.getBlockNumber({ cacheTime: 0 })).toBe(1n)
  expect(seen.at(-1)?.url).toBe('/rpc/1')
  expect(client.transport.key).toBe('sigil')
})

test('behavior: an app key goes in the path, a JWT in the Authorization header', async () => {
  const chain = defineSigilChain({ chain: mainnet, serverUrl })
  await createPublicClient({ chain, transport: sigil({ apiKey: 'app key', jwt: 'token' }) }).request({
    method: 'eth_chainId',
  })
  expect(seen.at(-1)?.url).toBe('/rpc/1/app%20key')
  expect(seen.at(-1)?.headers.authorization).toBe('Bearer token')
  await createPublicClient({ transport: sigil({ rpcUrl: `${serverUrl}/rpc/10` }) }).request({
    method: 'eth_chainId',
  })
  expect(seen.at(-1)?.url).toBe('/rpc/10')
})

test('behavior: fetchFn reaches an app in process', async () => {
  const urls: string[] = []
  const transport = sigil({
    rpcUrl: 'http://sigil.internal/rpc/1',
    fetchFn: async (input) => {
      urls.push(String(input))
      return new Response(JSON.stringify({ jsonrpc: '2.0', id: 0, result: '0x2' }), {
        headers: { 'content-type': 'application/json' },
      })
    },
  })
  expect(await createPublicClient({ chain: mainnet, transport }).getBlockNumber({ cacheTime: 0 })).toBe(2n)
  expect(urls).toEqual(['http://sigil.internal/rpc/1'])
})

test('error: Invalid RPC URL without a gateway URL, No chain supplied without a chain', () => {
  expect(() => createPublicClient({ chain: mainnet, transport: sigil() })).toThrow('Invalid RPC URL')
  expect(() => createPublicClient({ transport: sigil() })).toThrow('No chain supplied to the client')
})

test('behavior: a stamper stamps sponsorship calls (single or in a batch) and not reads', async () => {
  const stamped: string[] = []
  const transport = sigil({
    rpcUrl: `${serverUrl}/rpc/1`,
    stamper: async (body) => {
      stamped.push(body)
      return {
        stamp: { stampHeaderName: 'X-Stamp', stampHeaderValue: `stamp of ${body.length}` },
        organizationId: 'org-1',
      }
    },
  })
  const client = createPublicClient({ chain: mainnet, transport })
  await client.request({ method: 'eth_chainId' })
  expect(seen.at(-1)?.headers['x-stamp']).toBeUndefined()
  expect(seen.at(-1)?.headers['x-sigil-organization']).toBeUndefined()
  for (const method of [
    'pm_getPaymasterStubData',
    'pm_getPaymasterData',
    'alchemy_requestGasAndPaymasterAndData',
    'alchemy_requestFeePayer',
  ]) {
    await client.request({ method: method as 'eth_chainId' })
    const last = seen.at(-1)!
    expect(last.body.method).toBe(method)
    expect(last.headers['x-stamp']).toBe(`stamp of ${stamped.at(-1)!.length}`)
    expect(last.headers['x-sigil-organization']).toBe('org-1')
    // The stamp covers the exact body sent.
    expect(JSON.parse(stamped.at(-1)!)).toEqual(last.body)
  }
  expect(stamped).toHaveLength(4)
})

test('behavior: a batch is stamped when one of its calls is a sponsorship', async () => {
  const sent: { body: unknown[]; stamp: string | null; organization: string | null }[] = []
  const transport = sigil({
    rpcUrl: 'http://sigil.internal/rpc/1',
    batch: { wait: 10 },
    stamper: async (body) => ({
      stamp: { stampHeaderName: 'X-Stamp', stampHeaderValue: `stamp of ${body}` },
      organizationId: 'org-1',
    }),
    fetchFn: async (_input, init) => {
      const headers = new Headers(init?.headers)
      const body = JSON.parse(String(init?.body)) as { id: number }[]
      sent.push({ body, stamp: headers.get('x-stamp'), organization: headers.get('x-sigil-organization') })
      // The stamp covers the exact body sent.
      if (headers.has('x-stamp')) expect(headers.get('x-stamp')).toBe(`stamp of ${init?.body}`)
      return new Response(JSON.stringify(body.map(({ id }) => ({ jsonrpc: '2.0', id, result: '0x1' }))), {
        headers: { 'content-type': 'application/json' },
      })
    },
  })
  const client = createPublicClient({ chain: mainnet, transport })
  await Promise.all([
    client.request({ method: 'eth_chainId' }),
    client.request({ method: 'eth_blockNumber' }),
  ])
  await Promise.all([
    client.request({ method: 'eth_chainId' }),
    client.request({ method: 'pm_getPaymasterStubData' as 'eth_chainId' }),
  ])
  expect(sent.map(({ body, stamp, organization }) => [body.length, stamp !== null, organization])).toEqual([
    [2, false, null],
    [2, true, 'org-1'],
  ])
})
