import { afterEach, beforeEach, expect, test } from 'vitest'
import { SolanaRpcError } from '../errors/SolanaRpcError.js'
import { createSignerTestbed, type SignerTestbed, testRpcUrl } from '../test/createSignerTestbed.js'
import { requestSolanaRpc } from './requestSolanaRpc.js'
import { toSolanaSigner } from './toSolanaSigner.js'

/** The real Sigil gateway in process, serving one EVM chain (its node is never reached by these calls). */
let testbed: SignerTestbed
beforeEach(async () => {
  testbed = await createSignerTestbed({ chains: [{ id: 31337, rpcUrl: 'http://127.0.0.1:9' }] })
})
afterEach(async () => {
  await testbed.cleanup()
})

const gateway = (chain: string) => ({
  rpcUrl: `${testRpcUrl}/rpc/${chain}/${testbed.server.signerApp.apiKey}`,
})

/** The gateway's own answer to `method`, read without the SDK. */
async function rawAnswer(chain: string, method: string, params: unknown[]) {
  const response = await testbed.fetch(gateway(chain).rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  return (await response.json()) as { error: { code: number; message: string } }
}

test("error: a JSON-RPC error from the gateway surfaces as SolanaRpcError with the gateway's message", async () => {
  const signer = testbed.createSigner()
  await testbed.signIn(signer, 'rpc-error@example.com')
  const solana = toSolanaSigner(signer)
  const { error } = await rawAnswer('31337', 'getLatestBlockhash', [])
  expect(error.message).toEqual(expect.any(String))

  const failure = await solana.createTransfer([], gateway('31337')).catch((caught: unknown) => caught)
  expect(failure).toBeInstanceOf(SolanaRpcError)
  expect(failure).toMatchObject({ message: error.message, code: error.code, method: 'getLatestBlockhash' })
})

test('error: alchemy_requestFeePayer on an EVM chain: the gateway says it needs a Solana chain', async () => {
  const failure = requestSolanaRpc({
    connection: gateway('31337'),
    method: 'alchemy_requestFeePayer',
    params: [{ policyId: 'p', serializedTransaction: 'AA==' }],
    fetch: testbed.fetch,
  })
  await expect(failure).rejects.toThrow(SolanaRpcError)
  await expect(failure).rejects.toThrow(/needs a Solana chain/)
})

test('error: an answer that is not JSON-RPC (unknown chain, HTTP 404) carries the server’s error text', async () => {
  const failure = await requestSolanaRpc({
    connection: gateway('solana-nowhere'),
    method: 'getSlot',
    fetch: testbed.fetch,
  }).catch((caught: unknown) => caught)
  expect(failure).toBeInstanceOf(SolanaRpcError)
  expect(failure).toMatchObject({ code: 404, message: expect.stringContaining('solana-nowhere') })
})

test('error: a body that is not JSON', async () => {
  const failure = requestSolanaRpc({
    connection: { rpcUrl: `${testRpcUrl}/health` },
    method: 'getSlot',
    fetch: async () => new Response('<html>gateway timeout</html>', { status: 504 }),
  })
  await expect(failure).rejects.toThrow('getSlot: HTTP 504, not JSON: <html>gateway timeout</html>')
})
