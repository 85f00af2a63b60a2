import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { type StartAnvilReturnType, startAnvil } from '@sigil/devnet'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import type { GatewayRequest } from '../gateway/GatewayRequest.js'
import { createLogger } from '../log/createLogger.js'
import { readFeeEstimate } from './readFeeEstimate.js'

/**
 * The fee estimate against a real anvil, through a pass-through proxy that counts what reaches the node.
 */

let anvil: StartAnvilReturnType
let proxy: Server
let proxyUrl: string
const calls: string[] = []

beforeAll(async () => {
  anvil = await startAnvil()
  proxy = createServer(async (incoming, outgoing) => {
    let body = ''
    for await (const chunk of incoming) body += chunk
    calls.push((JSON.parse(body) as { method: string }).method)
    const answer = await fetch(anvil.rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    })
    outgoing.writeHead(answer.status, { 'content-type': 'application/json' })
    outgoing.end(await answer.text())
  })
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve))
  proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`
}, 60_000)
afterAll(async () => {
  await new Promise((resolve) => proxy?.close(resolve))
  await anvil?.stop()
})
beforeEach(() => {
  calls.length = 0
})

const request = (rpcUrl: string) =>
  ({
    ctx: { logger: createLogger({ level: 'silent' }) },
    chain: { type: 'evm', id: 31337, rpcUrl },
  }) as unknown as GatewayRequest

describe('readFeeEstimate', () => {
  test('default: base fee × 1.5 + the node priority fee, and the gas limit, at the latest block', async () => {
    const node = async (method: string, params: unknown[] = []) =>
      (
        (await (
          await fetch(anvil.rpcUrl, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
          })
        ).json()) as { result: { number: string; gasLimit: string; baseFeePerGas: string } & string }
      ).result
    const estimate = await readFeeEstimate(request(anvil.rpcUrl), { fresh: true })
    const block = await node('eth_getBlockByNumber', ['latest', false])
    const priority = BigInt(await node('eth_maxPriorityFeePerGas'))
    expect(estimate).toEqual({
      blockNumber: BigInt(block.number),
      baseFeePerGas: BigInt(block.baseFeePerGas),
      maxPriorityFeePerGas: priority,
      maxFeePerGas: (BigInt(block.baseFeePerGas) * 3n) / 2n + priority,
      blockGasLimit: BigInt(block.gasLimit),
    })
  })

  test('behavior: a burst shares one reading of the node; fresh reads it again', async () => {
    const burst = await Promise.all(Array.from({ length: 20 }, () => readFeeEstimate(request(proxyUrl))))
    expect(new Set(burst).size).toBe(1)
    await readFeeEstimate(request(proxyUrl))
    expect(calls.sort()).toEqual(['eth_getBlockByNumber', 'eth_maxPriorityFeePerGas'])
    await readFeeEstimate(request(proxyUrl), { fresh: true })
    expect(calls).toHaveLength(4)
  })

  test('error: a node that does not answer is UPSTREAM_UNAVAILABLE', async () => {
    await expect(readFeeEstimate(request('http://127.0.0.1:9/unreachable'))).rejects.toMatchObject({
      code: -32002,
      shortMessage: 'the node of chain 31337 did not answer',
    })
  })
})
