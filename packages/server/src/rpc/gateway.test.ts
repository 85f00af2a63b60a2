import { createDevnetClient, type Devnet, type DevnetClient, startDevnet } from '@sigil/devnet'
import type { EntryPointVersion } from '@sigil/protocol'
import { concat, createPublicClient, type Hex, http, type PublicClient } from 'viem'
import {
  createBundlerClient,
  formatUserOperation,
  formatUserOperationRequest,
  type UserOperation,
} from 'viem/account-abstraction'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { anvil } from 'viem/chains'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createSponsorPolicy } from '../sponsor/createSponsorPolicy.js'
import type { StoreDialect } from '../store/createStore.js'
import { forEachDialect } from '../store/test/storeDialects.js'
import type { TestServer } from '../test/createTestServer.js'
import type { LocalListener } from '../test/serveOnLocalPort.js'
import { startDevnetGateway } from './test/startDevnetGateway.js'
import { deploySimpleAccountFactories, entryPoints, toSimpleTestAccount } from './test/toSimpleTestAccount.js'

/**
 * Sponsored user operations through the gateway against a real anvil + alto + EntryPoints + Sigil paymasters,
 * with the gateway's store on SQLite and on PostgreSQL.
 */

const versions = ['0.6', '0.7', '0.8'] as const satisfies readonly EntryPointVersion[]
const target = '0x000000000000000000000000000000000000dEaD'

let devnet: Devnet
let server: TestServer
let listener: LocalListener
let client: DevnetClient
let publicClient: PublicClient
let factories: Record<EntryPointVersion, `0x${string}`>
let policyId: string

beforeAll(async () => {
  devnet = await startDevnet()
  client = createDevnetClient(devnet.rpcUrl)
  publicClient = createPublicClient({ chain: anvil, transport: http(devnet.rpcUrl), pollingInterval: 50 })
  factories = await deploySimpleAccountFactories(client)
}, 120_000)
afterAll(() => devnet?.stop())

/** A gateway on a fresh store of `dialect`, whose paymaster signer the devnet's paymasters trust. */
function useGateway(dialect: StoreDialect) {
  beforeAll(async () => {
    ;({ server, listener } = await startDevnetGateway(dialect, devnet))
    const policy = await createSponsorPolicy(server.store.db, {
      appId: server.signerApp.appId,
      chainIds: [31337],
      now: Date.now(),
    })
    policyId = policy.id
  }, 60_000)
  afterAll(async () => {
    await listener?.close()
    await server?.cleanup()
  })
}

const newAccount = (version: EntryPointVersion) =>
  toSimpleTestAccount({
    client: publicClient,
    owner: privateKeyToAccount(generatePrivateKey()),
    version,
    factory: factories[version],
  })

/** viem over the real listener, the app key in the path (Alchemy style). */
const listenerTransport = () => http(`${listener.url}/rpc/31337/${server.signerApp.apiKey}`)
/** viem straight into the app (`app.request`), the app key as a bearer. */
const inProcessTransport = () =>
  http('http://sigil.internal/rpc/31337', {
    fetchFn: async (input, init) => server.app.request(String(input), init),
    fetchOptions: { headers: { authorization: `Bearer ${server.signerApp.apiKey}` } },
  })

const recordedHashes = async () =>
  (await server.store.db.selectFrom('sponsor_operations').select('user_operation_hash').execute()).map(
    (row) => row.user_operation_hash,
  )

forEachDialect((dialect) => {
  useGateway(dialect)

  describe('gas sponsorship through the gateway', () => {
    test.each(versions)(
      'default: v%s first operation sponsored through pm_* (ERC-7677) deploys the account; its balance stays 0',
      async (version) => {
        const account = await newAccount(version)
        const bundler = createBundlerClient({
          account,
          client: publicClient,
          transport: listenerTransport(),
          paymaster: true,
          paymasterContext: { policyId },
          pollingInterval: 50,
        })
        expect(await client.getCode({ address: account.address })).toBeUndefined()
        const hash = await bundler.sendUserOperation({ calls: [{ to: target, value: 0n, data: '0x' }] })
        const receipt = await bundler.waitForUserOperationReceipt({
          hash,
          pollingInterval: 50,
          timeout: 30_000,
        })
        expect(receipt.success).toBe(true)
        expect(receipt.paymaster?.toLowerCase()).toBe(devnet.paymasters[version].toLowerCase())
        expect(await client.getCode({ address: account.address })).toMatch(/^0x[0-9a-f]+$/)
        expect(await client.getBalance({ address: account.address })).toBe(0n)
        // Recorded durably when the data was signed, under the hash the bundler reports.
        expect(await recordedHashes()).toContain(hash)
      },
      60_000,
    )

    test.each(versions)(
      'default: v%s alchemy_requestGasAndPaymasterAndData (in process) answers gas, fees and signed paymaster data; the operation lands',
      async (version) => {
        const account = await newAccount(version)
        const bundler = createBundlerClient({
          account,
          client: publicClient,
          transport: inProcessTransport(),
          pollingInterval: 50,
        })
        const { factory, factoryData } = await account.getFactoryArgs()
        const draft = {
          sender: account.address,
          nonce: await account.getNonce(),
          callData: await account.encodeCalls([{ to: target, value: 0n, data: '0x' }]),
          ...(version === '0.6' ? { initCode: concat([factory!, factoryData!]) } : { factory, factoryData }),
          callGasLimit: 0n,
          verificationGasLimit: 0n,
          preVerificationGas: 0n,
          maxFeePerGas: 0n,
          maxPriorityFeePerGas: 0n,
          signature: await account.getStubSignature(),
        } as UserOperation
        const result = (await bundler.request({
          method: 'alchemy_requestGasAndPaymasterAndData' as never,
          params: [
            {
              policyId,
              entryPoint: entryPoints[version].address,
              userOperation: formatUserOperationRequest(draft),
              dummySignature: await account.getStubSignature(),
              overrides: { callGasLimit: { multiplier: 1.5 }, maxPriorityFeePerGas: '0x3b9aca00' },
            },
          ] as never,
        })) as Record<string, Hex>
        const paymasterKeys =
          version === '0.6'
            ? ['paymasterAndData']
            : ['paymaster', 'paymasterData', 'paymasterPostOpGasLimit', 'paymasterVerificationGasLimit']
        expect(Object.keys(result).sort()).toEqual(
          [
            'callGasLimit',
            'maxFeePerGas',
            'maxPriorityFeePerGas',
            'preVerificationGas',
            'verificationGasLimit',
            ...paymasterKeys,
          ].sort(),
        )
        for (const value of Object.values(result)) expect(value).toMatch(/^0x[0-9a-fA-F]+$/)
        expect(result.maxPriorityFeePerGas).toBe('0x3b9aca00')
        const userOperation = { ...draft, ...formatUserOperation(result as never) } as UserOperation
        userOperation.signature = await account.signUserOperation(userOperation)
        const hash = (await bundler.request({
          method: 'eth_sendUserOperation',
          params: [formatUserOperationRequest(userOperation), entryPoints[version].address],
        })) as Hex
        const receipt = await bundler.waitForUserOperationReceipt({
          hash,
          pollingInterval: 50,
          timeout: 30_000,
        })
        expect(receipt.success).toBe(true)
        expect(await client.getBalance({ address: account.address })).toBe(0n)
        expect(await recordedHashes()).toContain(hash)
      },
      60_000,
    )
    test('error: through viem, a sender over its daily limit is refused with the policy message; nothing more is signed', async () => {
      const { id } = await createSponsorPolicy(server.store.db, {
        appId: server.signerApp.appId,
        chainIds: [31337],
        maxOperationsPerSenderPerDay: 1,
        // No allowed targets: they are read for Sigil's account types only, and this is a SimpleAccount.
        now: Date.now(),
      })
      const account = await newAccount('0.7')
      const bundler = createBundlerClient({
        account,
        client: publicClient,
        transport: listenerTransport(),
        paymaster: true,
        paymasterContext: { policyId: id },
        pollingInterval: 50,
      })
      const hash = await bundler.sendUserOperation({ calls: [{ to: target, value: 0n, data: '0x' }] })
      expect(
        (await bundler.waitForUserOperationReceipt({ hash, pollingInterval: 50, timeout: 30_000 })).success,
      ).toBe(true)
      const before = (await recordedHashes()).length
      await expect(
        bundler.sendUserOperation({ calls: [{ to: target, value: 0n, data: '0x' }] }),
      ).rejects.toThrow(`Policy ${id} allows 1 operation per sender per day`)
      expect(await recordedHashes()).toHaveLength(before)
    }, 60_000)
  })
})
