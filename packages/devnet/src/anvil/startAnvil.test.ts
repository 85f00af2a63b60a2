import { afterAll, describe, expect, test } from 'vitest'
import { assertPortFree } from '../process/assertPortFree.js'
import { startAnvil } from './startAnvil.js'

async function rpc(url: string, method: string): Promise<unknown> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: [] }),
  })
  return ((await response.json()) as { result: unknown }).result
}

describe('startAnvil', () => {
  const started: { stop(): Promise<void> }[] = []
  afterAll(async () => {
    await Promise.all(started.map((anvil) => anvil.stop()))
  })

  test('default', async () => {
    const anvil = await startAnvil()
    started.push(anvil)
    expect(anvil.rpcUrl).toBe(`http://127.0.0.1:${anvil.port}`)
    expect(await rpc(anvil.rpcUrl, 'eth_chainId')).toBe('0x7a69')
    const info = (await rpc(anvil.rpcUrl, 'anvil_nodeInfo')) as { hardFork: string }
    expect(info.hardFork).toBe('Prague')
  })

  test('behavior: stop ends the process and frees the port', async () => {
    const anvil = await startAnvil()
    await anvil.stop()
    await expect(assertPortFree(anvil.port, 'node')).resolves.toBeUndefined()
    await expect(anvil.stop()).resolves.toBeUndefined()
  })

  test('error: a port that already answers is refused', async () => {
    const anvil = await startAnvil()
    started.push(anvil)
    await expect(startAnvil({ port: anvil.port })).rejects.toThrow(`Port ${anvil.port} is already in use`)
  })
})
