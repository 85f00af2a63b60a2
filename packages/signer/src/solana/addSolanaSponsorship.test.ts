import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { base58Encode } from '@sigil/protocol'
import {
  address,
  createNoopSigner,
  decompileTransactionMessage,
  getBase64Encoder,
  getCompiledTransactionMessageDecoder,
  getTransactionDecoder,
} from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'
import { afterEach, beforeEach, expect, test } from 'vitest'
import { SignerError } from '../errors/SignerError.js'
import { createSignerTestbed, type SignerTestbed, testRpcUrl } from '../test/createSignerTestbed.js'
import { toSolanaSigner } from './toSolanaSigner.js'

/**
 * A stand-in fee payer service: it answers `getLatestBlockhash` and a JSON-RPC `result` *without*
 * `serializedTransaction` to `alchemy_requestFeePayer`. No real peer answers that (the Sigil gateway
 * always returns the transaction or a JSON-RPC error), so this is the only way to reach the SDK's check.
 */
let standIn: Server
let standInUrl: string
const received: { headers: IncomingHttpHeaders; body: { id: string; method: string; params: unknown[] } }[] =
  []
let testbed: SignerTestbed

beforeEach(async () => {
  received.length = 0
  standIn = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString())
      received.push({ headers: request.headers, body })
      const result =
        body.method === 'getLatestBlockhash'
          ? {
              context: { slot: 1 },
              value: { blockhash: base58Encode(new Uint8Array(32).fill(3)), lastValidBlockHeight: 150 },
            }
          : { note: 'no transaction here' }
      response.writeHead(200, { 'content-type': 'application/json' })
      response.end(JSON.stringify({ jsonrpc: '2.0', id: body.id, result }))
    })
  })
  await new Promise<void>((resolve) => standIn.listen(0, '127.0.0.1', resolve))
  standInUrl = `http://127.0.0.1:${(standIn.address() as AddressInfo).port}`
  testbed = await createSignerTestbed()
})
afterEach(async () => {
  await testbed.cleanup()
  await new Promise((resolve) => standIn.close(resolve))
})

/** The signer's fetch: the Sigil server in process, anything else over the network. */
const routingFetch =
  (inProcess: typeof fetch): typeof fetch =>
  (input, init) =>
    String(input instanceof Request ? input.url : input).startsWith(testRpcUrl)
      ? inProcess(input, init)
      : globalThis.fetch(input, init)

test("error: an answer without serializedTransaction is refused with the spec's message", async () => {
  const signer = testbed.createSigner({ fetch: routingFetch(testbed.fetch) })
  await testbed.signIn(signer, 'standin@example.com')
  const solana = toSolanaSigner(signer)
  const instruction = getTransferSolInstruction({
    source: createNoopSigner(solana.address),
    destination: address(base58Encode(new Uint8Array(32).fill(9))),
    amount: 1_000n,
  })

  const failure = solana.addSponsorship([instruction], { rpcUrl: standInUrl }, 'policy-1')
  await expect(failure).rejects.toThrow(SignerError)
  await expect(failure).rejects.toThrow(
    `Response doesn't include the serializedTransaction {"note":"no transaction here"}`,
  )

  // What the fee payer service was sent: account-kit's request, the user as payer on the finalized blockhash.
  expect(received.map(({ body }) => body.method)).toEqual(['getLatestBlockhash', 'alchemy_requestFeePayer'])
  expect(received[0]!.body.params).toEqual([{ commitment: 'finalized' }])
  const { headers, body } = received[1]!
  expect(headers).toMatchObject({ accept: 'application/json', 'content-type': 'application/json' })
  expect(body).toMatchObject({ jsonrpc: '2.0', method: 'alchemy_requestFeePayer' })
  expect(body.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12}$/)
  const [{ policyId, serializedTransaction }] = body.params as [
    { policyId: string; serializedTransaction: string },
  ]
  expect(policyId).toBe('policy-1')
  const transaction = getTransactionDecoder().decode(getBase64Encoder().encode(serializedTransaction))
  expect(transaction.signatures).toEqual({ [solana.address]: null })
  const message = decompileTransactionMessage(
    getCompiledTransactionMessageDecoder().decode(transaction.messageBytes),
  )
  expect(message.version).toBe(0)
  expect(message.feePayer.address).toBe(solana.address)
  expect(message.instructions).toHaveLength(1)
})

test('error: a JSON-RPC result of null is refused the same way', async () => {
  standIn.removeAllListeners('request')
  standIn.on('request', (request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString())
      const result =
        body.method === 'getLatestBlockhash'
          ? { value: { blockhash: base58Encode(new Uint8Array(32).fill(3)), lastValidBlockHeight: 150 } }
          : null
      response.writeHead(200, { 'content-type': 'application/json' })
      response.end(JSON.stringify({ jsonrpc: '2.0', id: body.id, result }))
    })
  })
  const signer = testbed.createSigner({ fetch: routingFetch(testbed.fetch) })
  await testbed.signIn(signer, 'standin-null@example.com')
  const solana = toSolanaSigner(signer)
  await expect(solana.addSponsorship([], { rpcUrl: standInUrl }, 'policy-1')).rejects.toThrow(
    "Response doesn't include the serializedTransaction null",
  )
})
