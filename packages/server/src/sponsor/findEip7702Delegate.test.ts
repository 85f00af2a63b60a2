import { type StartAnvilReturnType, startAnvil } from '@sigil/devnet'
import { type Address, concat, createTestClient, http } from 'viem'
import type { UserOperation } from 'viem/account-abstraction'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { GatewayRequest } from '../gateway/GatewayRequest.js'
import { createLogger } from '../log/createLogger.js'
import { findEip7702Delegate } from './findEip7702Delegate.js'

const delegate: Address = '0xe6Cae83BdE06E4c305530e199D7217f42808555B'
const newAddress = () => privateKeyToAccount(generatePrivateKey()).address

/** A gateway request whose chain node is `rpcUrl` (a closed port: asking it fails). */
const requestTo = (rpcUrl: string) =>
  ({
    ctx: { logger: createLogger({ level: 'error', format: 'text', write: () => undefined }) },
    chain: { id: 31337, rpcUrl },
  }) as unknown as GatewayRequest
const noNode = requestTo('http://127.0.0.1:1')

const operation = (sender: Address, fields: Record<string, unknown> = {}) =>
  ({
    sender,
    nonce: 0n,
    callData: '0x',
    callGasLimit: 0n,
    verificationGasLimit: 0n,
    preVerificationGas: 0n,
    maxFeePerGas: 0n,
    maxPriorityFeePerGas: 0n,
    signature: '0x',
    ...fields,
  }) as UserOperation

let anvil: StartAnvilReturnType

beforeAll(async () => {
  anvil = await startAnvil()
})
afterAll(async () => {
  await anvil?.stop()
})

describe('findEip7702Delegate', () => {
  test('default: a v0.8 operation with the marker and an authorization hashes with its delegate, the node unasked', async () => {
    for (const factory of ['0x7702', '0x7702000000000000000000000000000000000000']) {
      const op = operation(newAddress(), {
        factory,
        factoryData: '0x',
        eip7702Auth: { address: delegate.toLowerCase(), chainId: '0x7a69', nonce: '0x0' },
      })
      expect(await findEip7702Delegate(noNode, op, '0.8')).toBe(delegate)
    }
  })

  test('behavior: without an authorization, the delegate the sender is delegated to now', async () => {
    const request = requestTo(anvil.rpcUrl)
    const sender = newAddress()
    const testClient = createTestClient({ mode: 'anvil', transport: http(anvil.rpcUrl) })
    await testClient.setCode({ address: sender, bytecode: concat(['0xef0100', delegate]) })
    const op = operation(sender, { factory: '0x7702', factoryData: '0x' })
    expect(await findEip7702Delegate(request, op, '0.8')).toBe(delegate)
    const undelegated = operation(newAddress(), { factory: '0x7702', factoryData: '0x' })
    expect(await findEip7702Delegate(request, undelegated, '0.8')).toBeUndefined()
  })

  test('behavior: other operations have no delegate, and the node is not asked', async () => {
    const auth = { eip7702Auth: { address: delegate } }
    const factoryMade = operation(newAddress(), { factory: newAddress(), factoryData: '0x', ...auth })
    expect(await findEip7702Delegate(noNode, factoryMade, '0.8')).toBeUndefined()
    expect(await findEip7702Delegate(noNode, operation(newAddress(), auth), '0.8')).toBeUndefined()
    const v07 = operation(newAddress(), { factory: '0x7702', factoryData: '0x', ...auth })
    expect(await findEip7702Delegate(noNode, v07, '0.7')).toBeUndefined()
  })
})
