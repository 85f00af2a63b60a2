import { createDevnetClient, type Devnet, startDevnet } from '@sigil/devnet'
import { createPublicClient, encodeFunctionData, type Hex, http, numberToHex, parseAbi } from 'viem'
import { entryPoint07Address } from 'viem/account-abstraction'
import { privateKeyToAccount } from 'viem/accounts'
import { anvil } from 'viem/chains'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { rpcRequest } from '../rpc/test/rpcRequest.js'
import { deploySimpleAccountFactories, toSimpleTestAccount } from '../rpc/test/toSimpleTestAccount.js'
import { createSponsorPolicy } from '../sponsor/createSponsorPolicy.js'
import { createTestServer, type TestServer } from '../test/createTestServer.js'

/** Sponsorship counters: a signed paymaster answer moves the reservations and the reserved spend. */

const abi = parseAbi(['function execute(address dest, uint256 value, bytes func)'])
const stubSignature: Hex =
  '0xfffffffffffffffffffffffffffffff0000000000000000000000000000000007aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa1c'

let devnet: Devnet
let server: TestServer
let userOperation: Record<string, unknown>

beforeAll(async () => {
  devnet = await startDevnet()
  const client = createDevnetClient(devnet.rpcUrl)
  const factories = await deploySimpleAccountFactories(client)
  const account = await toSimpleTestAccount({
    client: createPublicClient({ chain: anvil, transport: http(devnet.rpcUrl) }),
    owner: privateKeyToAccount(devnet.devAccounts[0]!.privateKey),
    version: '0.7',
    factory: factories['0.7'],
  })
  const { factory, factoryData } = await account.getFactoryArgs()
  userOperation = {
    sender: account.address,
    factory,
    factoryData,
    nonce: '0x0',
    callData: encodeFunctionData({
      abi,
      functionName: 'execute',
      args: ['0x000000000000000000000000000000000000dEaD', 0n, '0x'],
    }),
    // Within what the gateway signs: the bundler estimate (about 20,000 for this call) + 50 % + 20,000.
    callGasLimit: numberToHex(40_000n),
    verificationGasLimit: numberToHex(100_000n),
    preVerificationGas: numberToHex(50_000n),
    maxFeePerGas: numberToHex(1_000_000_000n),
    maxPriorityFeePerGas: '0x0',
    signature: stubSignature,
  }
  server = await createTestServer('sqlite', {
    chains: [
      {
        id: 31337,
        rpcUrl: devnet.rpcUrl,
        bundlerUrl: devnet.bundlerUrl,
        paymasters: { '0.7': devnet.paymasters['0.7'] },
      },
    ],
  })
}, 120_000)
afterAll(async () => {
  await server?.cleanup()
  await devnet?.stop()
})

test('behavior: pm_getPaymasterData counts a reservation and its worst-case cost under the policy id', async () => {
  const { id } = await createSponsorPolicy(server.store.db, {
    appId: server.signerApp.appId,
    now: Date.now(),
  })
  const { metrics } = server.app.sigil
  const value = async (name: string) =>
    (await metrics.registry.getSingleMetric(name)?.get())?.values.find((each) => each.labels.policy === id)
      ?.value
  expect(await value('sigil_sponsorship_reservations_total')).toBeUndefined()

  const { body } = await rpcRequest(server.app, {
    apiKey: server.signerApp.apiKey,
    method: 'pm_getPaymasterData',
    params: [userOperation, entryPoint07Address, '0x7a69', { policyId: id }],
  })
  expect(body.error).toBeUndefined()

  const row = await server.store.db
    .selectFrom('sponsor_operations')
    .select('max_cost_wei')
    .where('policy_id', '=', id)
    .executeTakeFirstOrThrow()
  expect(await value('sigil_sponsorship_reservations_total')).toBe(1)
  expect(await value('sigil_sponsorship_spend_wei')).toBe(Number(row.max_cost_wei))
  expect(Number(row.max_cost_wei)).toBeGreaterThan(0)
})
