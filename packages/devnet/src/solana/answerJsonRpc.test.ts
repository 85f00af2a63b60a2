import { describe, expect, onTestFinished, test } from 'vitest'
import { answerJsonRpc } from './answerJsonRpc.js'
import { startSolanaTestbed } from './startSolanaTestbed.js'

async function start() {
  const testbed = await startSolanaTestbed()
  onTestFinished(() => testbed.devnet.stop())
  return testbed
}

describe('answerJsonRpc (through the runtime HTTP server)', () => {
  test('default: one request, a batch, and u64 values as plain JSON integers', async () => {
    const { post } = await start()
    expect(await post('{"jsonrpc":"2.0","id":"a","method":"getHealth"}')).toEqual({
      status: 200,
      json: { jsonrpc: '2.0', id: 'a', result: 'ok' },
    })
    const { json } = await post(
      JSON.stringify([
        { jsonrpc: '2.0', id: 1, method: 'getSlot' },
        { jsonrpc: '2.0', id: 2, method: 'nope' },
        { jsonrpc: '2.0', method: 'getSlot' },
        { jsonrpc: '2.0', id: 3, method: 'getAccountInfo', params: ['11111111111111111111111111111111'] },
      ]),
    )
    expect(json).toMatchObject([
      { id: 1, result: expect.any(Number) },
      { id: 2, error: { code: -32601, message: 'Method not found: nope' } },
      { id: 3, result: { value: { executable: true, lamports: 1 } } },
    ])
    // u64::MAX survives as an integer (JSON.parse rounds it; the text has the exact digits).
    const response = await fetch((await start()).devnet.rpcUrl, {
      method: 'POST',
      body: '{"jsonrpc":"2.0","id":1,"method":"getAccountInfo","params":["11111111111111111111111111111111"]}',
    })
    expect(await response.text()).toContain('"rentEpoch":18446744073709551615')
  })

  test('error: text that is not JSON -> -32700; not a request or an empty batch -> -32600', async () => {
    const { post } = await start()
    expect((await post('{oops')).json).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32700, message: 'Parse error' },
    })
    expect((await post('[]')).json).toMatchObject({ id: null, error: { code: -32600 } })
    expect((await post('42')).json).toMatchObject({ id: null, error: { code: -32600 } })
    expect((await post('{"id":4,"method":"getSlot"}')).json).toMatchObject({ id: 4, error: { code: -32600 } })
    expect((await post('{"jsonrpc":"2.0","id":5}')).json).toMatchObject({ id: 5, error: { code: -32600 } })
  })

  test('error: unknown method -> -32601 (also for names of Object.prototype)', async () => {
    const { post } = await start()
    for (const method of ['eth_chainId', 'constructor', '__proto__', 'toString'])
      expect((await post(JSON.stringify({ jsonrpc: '2.0', id: 1, method }))).json).toMatchObject({
        error: { code: -32601, message: `Method not found: ${method}` },
      })
  })

  test('error: bad params -> -32602 naming the problem', async () => {
    const { post } = await start()
    const ask = async (method: string, params: unknown) =>
      (await post(JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }))).json
    expect(await ask('getBalance', ['0x1234'])).toMatchObject({
      error: { code: -32602, message: 'Invalid params: param 0 must be a base58 address, got "0x1234"' },
    })
    expect(await ask('getBalance', { address: 'x' })).toMatchObject({
      error: { code: -32602, message: 'Invalid params: params must be a list' },
    })
    expect(await ask('requestAirdrop', ['11111111111111111111111111111111', -1])).toMatchObject({
      error: { code: -32602 },
    })
    expect(await ask('getSignatureStatuses', ['abc'])).toMatchObject({ error: { code: -32602 } })
    expect(
      await ask('getAccountInfo', ['11111111111111111111111111111111', { encoding: 'hex' }]),
    ).toMatchObject({
      error: { code: -32602 },
    })
    expect(await ask('getFeeForMessage', ['not base64!'])).toMatchObject({ error: { code: -32602 } })
  })

  test('behavior: a notification gets no answer (204); GET /health, CORS preflight, other verbs', async () => {
    const { post, devnet } = await start()
    expect(await post('{"jsonrpc":"2.0","method":"getSlot"}')).toEqual({ status: 204, json: null })
    expect(await (await fetch(`${devnet.rpcUrl}/health`)).text()).toBe('ok')
    const preflight = await fetch(devnet.rpcUrl, { method: 'OPTIONS' })
    expect(preflight.status).toBe(204)
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*')
    expect((await fetch(devnet.rpcUrl, { method: 'PUT' })).status).toBe(405)
  })

  test('behavior: an unexpected failure is -32603 with its first line, never a stack', () => {
    const answer = answerJsonRpc('{"jsonrpc":"2.0","id":1,"method":"boom"}', () => {
      throw new Error('exploded\n    at somewhere (file.ts:1:1)')
    })
    expect(JSON.parse(answer as string)).toEqual({
      jsonrpc: '2.0',
      id: 1,
      error: { code: -32603, message: 'Internal error: exploded' },
    })
  })
})
