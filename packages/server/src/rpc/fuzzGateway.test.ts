import { entryPoint06Address, entryPoint07Address } from 'viem/account-abstraction'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createSponsorPolicy } from '../sponsor/createSponsorPolicy.js'
import { createTestServer, type TestServer } from '../test/createTestServer.js'
import { rpcRequest } from './test/rpcRequest.js'

/** Malformed params for the gateway's own methods: always a JSON-RPC client error, never an internal one. */

/** mulberry32, so a failing case replays from its seed. */
function random(seed: number) {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
}

const fields = [
  'sender',
  'nonce',
  'callData',
  'initCode',
  'factory',
  'callGasLimit',
  'maxFeePerGas',
  'paymasterAndData',
  'policyId',
  'userOperation',
  'overrides',
  'multiplier',
  'entryPoint',
  'dummySignature',
]

function value(next: () => number, depth = 0): unknown {
  switch (Math.floor(next() * 11)) {
    case 0:
      return null
    case 1:
      return Math.floor(next() * 2 ** 53) * (next() < 0.5 ? -1 : 1)
    case 2:
      return `0x${'f'.repeat(Math.floor(next() * 80))}`
    case 3:
      return '0x'
    case 4:
      return `0x${'zz'.repeat(20)}`
    case 5:
      return entryPoint07Address
    case 6:
      return { multiplier: next() * 1000 - 10 }
    case 7:
      return next() < 0.5 ? '0x7a69' : 'pol_nope'
    case 8:
      return depth < 3 ? Array.from({ length: Math.floor(next() * 5) }, () => value(next, depth + 1)) : []
    case 9:
      return depth < 3 ? object(next, depth + 1) : {}
    default:
      return 'x'.repeat(Math.floor(next() * 300))
  }
}
function object(next: () => number, depth: number) {
  return Object.fromEntries(fields.filter(() => next() < 0.4).map((field) => [field, value(next, depth)]))
}

let server: TestServer
let policyId: string
beforeAll(async () => {
  server = await createTestServer('sqlite', {
    chains: [
      {
        id: 31337,
        rpcUrl: 'http://127.0.0.1:9/unused',
        bundlerUrl: 'http://127.0.0.1:9/unused',
        paymasters: {
          '0.6': '0x3333333333333333333333333333333333333333',
          '0.7': '0x2222222222222222222222222222222222222222',
        },
      },
    ],
  })
  policyId = (await createSponsorPolicy(server.store.db, { appId: server.signerApp.appId, now: Date.now() }))
    .id
})
afterAll(() => server?.cleanup())

describe('gateway methods with malformed params', () => {
  test('error: 300 random params answer -32600/-32602/-32501/-32002, never -32603 or a non-200', async () => {
    const methods = [
      'pm_getPaymasterStubData',
      'pm_getPaymasterData',
      'alchemy_requestGasAndPaymasterAndData',
    ]
    for (let seed = 1; seed <= 300; seed++) {
      const next = random(seed)
      const method = methods[seed % methods.length]!
      const op = object(next, 1)
      const params =
        next() < 0.5
          ? [op, next() < 0.5 ? entryPoint06Address : value(next), '0x7a69', { policyId }]
          : next() < 0.5
            ? [
                {
                  policyId,
                  entryPoint: entryPoint07Address,
                  userOperation: op,
                  dummySignature: '0x',
                  overrides: object(next, 2),
                },
              ]
            : value(next)
      const { status, body } = await rpcRequest(server.app, {
        apiKey: server.signerApp.apiKey,
        method,
        params,
      })
      const context = `seed ${seed}: ${JSON.stringify(body).slice(0, 300)}`
      expect(status, context).toBe(200)
      if (body.error) expect([-32600, -32602, -32501, -32002], context).toContain(body.error.code)
    }
  }, 120_000)
})
