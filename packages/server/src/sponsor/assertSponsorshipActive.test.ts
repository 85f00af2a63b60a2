import { type Address, type Hex, numberToHex } from 'viem'
import { entryPoint08Address, getUserOperationHash, type UserOperation } from 'viem/account-abstraction'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { GatewayRequest } from '../gateway/GatewayRequest.js'
import { createId } from '../ids/createId.js'
import { createTestServer, type TestServer } from '../test/createTestServer.js'
import { assertSponsorshipActive } from './assertSponsorshipActive.js'
import { createSponsorPolicy } from './createSponsorPolicy.js'
import { disableSponsorPolicy } from './disableSponsorPolicy.js'

/**
 * `eth_sendUserOperation` of a v0.8 EIP-7702 operation signed under a policy disabled since. Its hash
 * names the delegate the client's `eip7702Auth` picks, which the paymaster's signature does not cover: the
 * check hashes it as signing did, and falls back to the nonce's sponsorships when the client changed the
 * delegate. The gateway is called in process with the rows signing writes; no chain is reached, since the
 * delegate comes from `eip7702Auth`.
 */

const chainId = 31337
const paymaster: Address = '0x5151515151515151515151515151515151515151'
const sender: Address = '0x7070707070707070707070707070707070707070'
const signedDelegate: Address = '0xd1d1d1d1d1d1d1d1d1d1d1d1d1d1d1d1d1d1d1d1'
const otherDelegate: Address = '0xd2d2d2d2d2d2d2d2d2d2d2d2d2d2d2d2d2d2d2d2'

let server: TestServer
let request: GatewayRequest
beforeAll(async () => {
  server = await createTestServer('sqlite')
  request = {
    ctx: server.app.sigil,
    chain: { id: chainId, rpcUrl: 'http://127.0.0.1:9', paymasters: { '0.8': paymaster } },
  } as unknown as GatewayRequest
})
afterAll(() => server?.cleanup())

/** The operation as a client sends it (hex fields), its delegate named by `eip7702Auth`. */
const sent = (nonce: bigint, delegate: Address) => ({
  sender,
  nonce: numberToHex(nonce),
  factory: '0x7702',
  factoryData: '0x',
  callData: '0x',
  callGasLimit: '0x10000',
  verificationGasLimit: '0x10000',
  preVerificationGas: '0x10000',
  maxFeePerGas: '0x3b9aca00',
  maxPriorityFeePerGas: '0x3b9aca00',
  paymaster,
  paymasterVerificationGasLimit: '0x10000',
  paymasterPostOpGasLimit: '0x1000',
  paymasterData: `0x${'ab'.repeat(77)}`,
  signature: '0x',
  eip7702Auth: {
    address: delegate,
    chainId: numberToHex(chainId),
    nonce: '0x0',
    r: '0x0',
    s: '0x0',
    yParity: '0x0',
  },
})

/** What signing records: a reservation under `policyId` with the hash of the signed delegate. */
async function reserve(policyId: string, nonce: bigint) {
  const op = sent(nonce, signedDelegate)
  const userOperation = {
    ...op,
    nonce,
    callGasLimit: 0x10000n,
    verificationGasLimit: 0x10000n,
    preVerificationGas: 0x10000n,
    maxFeePerGas: 0x3b9aca00n,
    maxPriorityFeePerGas: 0x3b9aca00n,
    paymasterVerificationGasLimit: 0x10000n,
    paymasterPostOpGasLimit: 0x1000n,
    authorization: { address: signedDelegate, chainId, nonce: 0, r: '0x0', s: '0x0', yParity: 0 },
  } as unknown as UserOperation<'0.8'>
  const hash = getUserOperationHash({
    userOperation,
    entryPointAddress: entryPoint08Address,
    entryPointVersion: '0.8',
    chainId,
  })
  await server.store.db
    .insertInto('sponsor_operations')
    .values({
      id: createId(),
      policy_id: policyId,
      chain_id: chainId,
      entry_point: entryPoint08Address.toLowerCase(),
      sender: sender.toLowerCase(),
      nonce: nonce.toString(),
      user_operation_hash: hash.toLowerCase() as Hex,
      max_cost_wei: '1000',
      created_at: Date.now(),
      user_key: `sender:${sender.toLowerCase()}`,
      valid_until: Math.floor(Date.now() / 1000) + 600,
      from_block: null,
      settled_at: null,
      actual_cost_wei: null,
    })
    .execute()
}

const policy = async ({ disabled }: { disabled: boolean }) => {
  const { id } = await createSponsorPolicy(server.store.db, {
    appId: server.signerApp.appId,
    now: Date.now(),
  })
  if (disabled) await disableSponsorPolicy(server.store.db, { policyId: id, now: Date.now() })
  return id
}
const check = (nonce: bigint, delegate: Address) =>
  assertSponsorshipActive(request, [sent(nonce, delegate), entryPoint08Address])

describe('assertSponsorshipActive, EIP-7702 operations on EntryPoint v0.8', () => {
  test('default: an operation signed under an active policy goes on', async () => {
    await reserve(await policy({ disabled: false }), 1n)
    await expect(check(1n, signedDelegate)).resolves.toBeUndefined()
  })

  test('error: signed under a policy disabled since, sent as signed', async () => {
    const id = await policy({ disabled: true })
    await reserve(id, 2n)
    await expect(check(2n, signedDelegate)).rejects.toThrow(`Policy ${id} is disabled`)
  })

  test('error: the same signature sent with another delegate is found by sender and nonce', async () => {
    const id = await policy({ disabled: true })
    await reserve(id, 3n)
    await expect(check(3n, otherDelegate)).rejects.toThrow(`Policy ${id} is disabled`)
  })

  test('behavior: another delegate goes on while a sponsorship of its nonce is under an active policy', async () => {
    await reserve(await policy({ disabled: true }), 4n)
    await reserve(await policy({ disabled: false }), 4n)
    await expect(check(4n, otherDelegate)).resolves.toBeUndefined()
  })

  test('behavior: a nonce nobody sponsored is left to the bundler', async () => {
    await expect(check(5n, otherDelegate)).resolves.toBeUndefined()
  })
})
