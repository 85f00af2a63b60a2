import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { type Chain, decodeFunctionData, encodeFunctionResult, type Hex, multicall3Abi } from 'viem'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { base, baseSepolia } from '../chains/chains.js'
import { sigilDevnet } from '../chains/sigilDevnet.js'
import { createConfig } from '../createConfig.js'
import { getBundlerClient } from './getBundlerClient.js'
import { setChain } from './setChain.js'
import { watchBundlerClient } from './watchBundlerClient.js'

type Seen = { url: string; headers: IncomingHttpHeaders; body: { method: string; params: unknown[] } }

/** A real JSON-RPC endpoint on a local port: answers eth_supportedEntryPoints, eth_chainId and Multicall3. */
let server: Server
let serverUrl: string
const seen: Seen[] = []
const entryPoint = '0x0000000071727De22E5E9d8BAf0edAc6f37da032'
const multicall3 = '0xcA11bde05977b3631167028862bE2a173976CA11'

beforeAll(async () => {
  server = createServer((request, response) => {
    let text = ''
    request.on('data', (chunk: Buffer) => {
      text += chunk.toString()
    })
    request.on('end', () => {
      const body = JSON.parse(text) as Seen['body'] & { id: number }
      seen.push({ url: request.url ?? '', headers: request.headers, body })
      const result = answer(body)
      response.setHeader('content-type', 'application/json')
      response.end(JSON.stringify({ jsonrpc: '2.0', id: body.id, result }))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  serverUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

function answer(body: Seen['body']): unknown {
  if (body.method === 'eth_supportedEntryPoints') return [entryPoint]
  if (body.method === 'eth_chainId') return '0x7a69'
  if (body.method === 'eth_call') {
    const { data } = body.params[0] as { data: Hex }
    const { args } = decodeFunctionData({ abi: multicall3Abi, data })
    const calls = (args as unknown as [readonly { callData: Hex }[]])[0]
    return encodeFunctionResult({
      abi: multicall3Abi,
      functionName: 'aggregate3',
      result: calls.map(({ callData }) => ({ success: true, returnData: callData })),
    })
  }
  return null
}

const create = (chains?: { chain: Chain }[]) =>
  createConfig({
    connection: { rpcUrl: serverUrl, apiKey: 'sigil_test_key' },
    chain: chains?.[0]?.chain ?? sigilDevnet,
    ...(chains ? { chains } : {}),
  })

test("default: getBundlerClient (Account Kit name) talks to the server's gateway of the active chain with the app key", async () => {
  seen.length = 0
  const config = create()
  const bundler = getBundlerClient(config)
  expect(bundler.chain.id).toBe(sigilDevnet.id)
  expect(await bundler.getSupportedEntryPoints()).toEqual([entryPoint])
  expect(seen).toEqual([
    expect.objectContaining({
      url: `/rpc/${sigilDevnet.id}`,
      headers: expect.objectContaining({ authorization: 'Bearer sigil_test_key' }),
      body: expect.objectContaining({ method: 'eth_supportedEntryPoints' }),
    }),
  ])
  expect(getBundlerClient(config)).toBe(bundler)
})

test('behavior: getBundlerClient batches reads through Multicall3 in calls of at most 1,024 bytes', async () => {
  seen.length = 0
  const withMulticall = { ...sigilDevnet, contracts: { multicall3: { address: multicall3 } } } as Chain
  const bundler = getBundlerClient(create([{ chain: withMulticall }]))
  expect(bundler.batch).toEqual({ multicall: { batchSize: 1_024 } })
  const target = '0x000000000000000000000000000000000000dEaD'
  const small = await Promise.all([
    bundler.call({ to: target, data: '0x01' }),
    bundler.call({ to: target, data: '0x02' }),
  ])
  expect(small.map((result) => result.data)).toEqual(['0x01', '0x02'])
  expect(seen).toHaveLength(1)
  expect(seen[0]?.body.params[0]).toMatchObject({ to: multicall3 })

  // Two calls of 600 bytes each are more than 1,024 bytes: two multicalls.
  seen.length = 0
  const large = `0x${'ab'.repeat(600)}` as Hex
  await Promise.all([bundler.call({ to: target, data: large }), bundler.call({ to: target, data: large })])
  expect(seen).toHaveLength(2)
})

test('behavior: watchBundlerClient (Account Kit name) reports the new chain’s client after setChain', () => {
  const config = create([{ chain: base }, { chain: baseSepolia }])
  const first = getBundlerClient(config)
  const reported: number[] = []
  const unwatch = watchBundlerClient(config)((client) => reported.push(client.chain.id))
  setChain(config, baseSepolia)
  expect(reported).toEqual([baseSepolia.id])
  expect(getBundlerClient(config).chain.id).toBe(baseSepolia.id)
  setChain(config, base)
  expect(getBundlerClient(config)).toBe(first)
  unwatch()
  setChain(config, baseSepolia)
  expect(reported).toEqual([baseSepolia.id, base.id])
})
