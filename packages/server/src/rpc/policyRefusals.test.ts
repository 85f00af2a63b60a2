import { createDevnetClient, type Devnet, startDevnet } from '@sigil/devnet'
import {
  type Address,
  createPublicClient,
  encodeFunctionData,
  type Hex,
  http,
  numberToHex,
  parseAbi,
} from 'viem'
import { entryPoint06Address, entryPoint07Address } from 'viem/account-abstraction'
import { privateKeyToAccount } from 'viem/accounts'
import { anvil } from 'viem/chains'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type CreateSponsorPolicyParameters, createSponsorPolicy } from '../sponsor/createSponsorPolicy.js'
import { disableSponsorPolicy } from '../sponsor/disableSponsorPolicy.js'
import { forEachDialect } from '../store/test/storeDialects.js'
import { createTestServer, type TestServer } from '../test/createTestServer.js'
import { rpcRequest } from './test/rpcRequest.js'
import { deploySimpleAccountFactories, toSimpleTestAccount } from './test/toSimpleTestAccount.js'

/**
 * Policy refusals through the gateway, in process: each limit answers a JSON-RPC error naming it, and
 * nothing is signed or recorded (SQLite and PostgreSQL). No node is reached for a refusal: the policy is
 * checked first. What is signed is checked against the devnet's fees and bundler (the cost caps), so the
 * operations are a real (counterfactual) SimpleAccount's at fees the devnet accepts.
 */

const target = '0x000000000000000000000000000000000000dEaD'
const other = '0x1111111111111111111111111111111111111111'
const abi = parseAbi(['function execute(address dest, uint256 value, bytes func)'])
const stubSignature: Hex =
  '0xfffffffffffffffffffffffffffffff0000000000000000000000000000000007aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa1c'

let devnet: Devnet
let paymaster07: Address
let sender: { sender: Address; factory: Address; factoryData: Hex }
let server: TestServer

beforeAll(async () => {
  devnet = await startDevnet()
  paymaster07 = devnet.paymasters['0.7']
  const client = createDevnetClient(devnet.rpcUrl)
  const factories = await deploySimpleAccountFactories(client)
  const account = await toSimpleTestAccount({
    client: createPublicClient({ chain: anvil, transport: http(devnet.rpcUrl) }),
    owner: privateKeyToAccount(devnet.devAccounts[0]!.privateKey),
    version: '0.7',
    factory: factories['0.7'],
  })
  const { factory, factoryData } = await account.getFactoryArgs()
  sender = { sender: account.address, factory: factory!, factoryData: factoryData! }
}, 120_000)
afterAll(() => devnet?.stop())

const policy = (limits: Omit<CreateSponsorPolicyParameters, 'appId' | 'now'> = {}) =>
  createSponsorPolicy(server.store.db, { appId: server.signerApp.appId, now: Date.now(), ...limits })

/**
 * `gas` for each limit at 1 gwei (preVerificationGas at most 50 000 and callGasLimit at most 40 000, what
 * the devnet's bundler estimates give or take): an operation the cost caps pass.
 */
const userOperation = (gas = 100_000n, maxFeePerGas = 1_000_000_000n) => ({
  ...sender,
  nonce: '0x0',
  callData: encodeFunctionData({ abi, functionName: 'execute', args: [target, 0n, '0x'] }),
  callGasLimit: numberToHex(gas < 40_000n ? gas : 40_000n),
  verificationGasLimit: numberToHex(gas),
  preVerificationGas: numberToHex(gas < 50_000n ? gas : 50_000n),
  maxFeePerGas: numberToHex(maxFeePerGas),
  maxPriorityFeePerGas: '0x0',
  signature: stubSignature,
})
const pm = async (method: string, policyId: string, op = userOperation(), chainIdHex = '0x7a69') =>
  (
    await rpcRequest(server.app, {
      apiKey: server.signerApp.apiKey,
      method,
      params: [op, entryPoint07Address, chainIdHex, { policyId }],
    })
  ).body
const refusal = (message: string) => ({ jsonrpc: '2.0', id: 7, error: { code: -32501, message } })
const recorded = async () =>
  (await server.store.db.selectFrom('sponsor_operations').selectAll().execute()).length

forEachDialect((dialect) => {
  beforeAll(async () => {
    server = await createTestServer(dialect, {
      chains: [
        {
          id: 31337,
          rpcUrl: devnet.rpcUrl,
          bundlerUrl: devnet.bundlerUrl,
          paymasters: { '0.6': devnet.paymasters['0.6'], '0.7': paymaster07 },
        },
      ],
    })
  })
  afterAll(() => server?.cleanup())

  describe('policy refusals', () => {
    test('default: an unlimited policy answers stub data, then signed data that is recorded', async () => {
      const { id } = await policy()
      const stub = await pm('pm_getPaymasterStubData', id)
      expect(stub.result).toEqual({
        paymaster: paymaster07,
        paymasterData: expect.stringMatching(/^0x[0-9a-f]{258}$/),
        isFinal: false,
      })
      const before = await recorded()
      const signed = await pm('pm_getPaymasterData', id, userOperation(100_000n, 1_000_000_000n))
      expect(signed.error).toBeUndefined()
      expect(signed.result).toEqual({
        paymaster: paymaster07,
        paymasterData: expect.stringMatching(/^0x[0-9a-f]{258}$/),
        paymasterVerificationGasLimit: '0x186a0',
        paymasterPostOpGasLimit: '0x0',
      })
      expect(await recorded()).toBe(before + 1)
    })

    test('error: a chain the policy does not sponsor', async () => {
      const { id } = await policy({ chainIds: [1] })
      expect(await pm('pm_getPaymasterStubData', id)).toEqual(
        refusal(`Policy ${id} does not sponsor chain 31337`),
      )
    })

    test('error: an expired policy', async () => {
      const { id } = await policy({ expiresAt: Date.now() - 1 })
      expect(await pm('pm_getPaymasterData', id)).toEqual(refusal(`Policy ${id} has expired`))
    })

    test('error: a call target the policy does not allow', async () => {
      const { id } = await policy({ allowedTargets: [other] })
      expect(await pm('pm_getPaymasterStubData', id)).toEqual(
        refusal(`Policy ${id} does not allow calls to ${target.toLowerCase()}`),
      )
    })

    test('error: more gas than the policy allows per operation', async () => {
      const { id } = await policy({ maxGasPerOperation: 100_000n })
      expect(await pm('pm_getPaymasterData', id, userOperation(50_000n))).toEqual(
        refusal(`Policy ${id} allows at most 100000 gas per operation; this one needs 240000`),
      )
    })

    test('error: a budget the operation would exceed', async () => {
      // One user may hold the whole budget here: the share has its own test (sponsorReservations).
      const { id } = await policy({ budgetWei: 10n ** 15n, maxReservedSharePerUserBps: 10_000 })
      await expect(
        pm('pm_getPaymasterData', id, userOperation(1_000n, 1_000_000_000n)),
      ).resolves.toHaveProperty('result')
      expect(await pm('pm_getPaymasterData', id, userOperation(1_000_000n, 1_000_000_000n))).toEqual(
        refusal(`Policy ${id} budget exhausted`),
      )
    })

    test('error: operations per sender per day', async () => {
      const { id } = await policy({ maxOperationsPerSenderPerDay: 1 })
      await expect(pm('pm_getPaymasterData', id)).resolves.toHaveProperty('result')
      // The same operation again (a retry: same sender and nonce) is not a second one.
      await expect(pm('pm_getPaymasterData', id)).resolves.toHaveProperty('result')
      expect(await pm('pm_getPaymasterStubData', id, { ...userOperation(), nonce: '0x1' })).toEqual(
        refusal(`Policy ${id} allows 1 operation per sender per day`),
      )
    })

    test("error: a disabled, unknown or other app's policy", async () => {
      const { id } = await policy()
      await disableSponsorPolicy(server.store.db, { policyId: id, now: Date.now() })
      expect(await pm('pm_getPaymasterStubData', id)).toEqual(refusal(`Policy ${id} is disabled`))
      expect(await pm('pm_getPaymasterStubData', 'pol_nope')).toEqual(refusal('Policy pol_nope not found'))
    })

    test('error: alchemy_requestGasAndPaymasterAndData refuses before estimating', async () => {
      const { id } = await policy({ chainIds: [10] })
      const { body } = await rpcRequest(server.app, {
        apiKey: server.signerApp.apiKey,
        method: 'alchemy_requestGasAndPaymasterAndData',
        params: [
          {
            policyId: id,
            entryPoint: entryPoint07Address,
            userOperation: userOperation(),
            dummySignature: '0x',
          },
        ],
      })
      expect(body).toEqual(refusal(`Policy ${id} does not sponsor chain 31337`))
    })

    test('error: bad params name the field; a chain id or EntryPoint the URL does not serve is refused', async () => {
      const { id } = await policy()
      expect((await pm('pm_getPaymasterStubData', id, { ...userOperation(), sender: '0x12' })).error).toEqual(
        {
          code: -32602,
          message: 'invalid params: 0.sender: must be a 0x address (20 bytes)',
        },
      )
      expect((await pm('pm_getPaymasterStubData', id, userOperation(), '0x1')).error.message).toBe(
        "chain id 0x1 does not match this gateway URL's chain 31337",
      )
      const { body } = await rpcRequest(server.app, {
        apiKey: server.signerApp.apiKey,
        method: 'pm_getPaymasterStubData',
        params: [userOperation(), other, '0x7a69', { policyId: id }],
      })
      expect(body.error.message).toBe(
        `EntryPoint ${other} is not sponsored on chain 31337; sponsored: ${entryPoint06Address.toLowerCase()} (v0.6), ${entryPoint07Address.toLowerCase()} (v0.7)`,
      )
      expect((await pm('pm_getPaymasterStubData', '')).error.message).toMatch(
        /^invalid params: 3\.policyId: /,
      )
      expect(
        (await pm('pm_getPaymasterData', id, { ...userOperation(), callGasLimit: `0x1${'0'.repeat(32)}` }))
          .error,
      ).toEqual({
        code: -32602,
        message: 'invalid params: 0.callGasLimit: must be a hex quantity of at most 128 bits',
      })
    })
  })
})
