import {
  deployPaymasters,
  paymasterArtifacts,
  type StartTestChainReturnType,
  startTestChain,
} from '@sigil/devnet'
import type { EntryPointVersion } from '@sigil/protocol'
import { getPaymasterHash } from '@sigil/protocol'
import { type Address, recoverMessageAddress } from 'viem'
import {
  entryPoint06Address,
  entryPoint07Address,
  entryPoint08Address,
  toPackedUserOperation,
  type UserOperation,
} from 'viem/account-abstraction'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createMasterKeyProvider } from '../vault/createMasterKeyProvider.js'
import { createVault } from '../vault/createVault.js'
import { signPaymasterHash } from './signPaymasterHash.js'

/** `@sigil/protocol`'s off-chain paymaster hash against the Sigil paymasters' own `getHash`, on a real anvil. */

let chain: StartTestChainReturnType
let paymasters: Record<EntryPointVersion, Address>
beforeAll(async () => {
  chain = await startTestChain()
  paymasters = await deployPaymasters(chain.client, {
    entryPoints: { '0.6': entryPoint06Address, '0.7': entryPoint07Address, '0.8': entryPoint08Address },
  })
}, 60_000)
afterAll(() => chain?.stop())

const base = {
  sender: '0x1234567890123456789012345678901234567890',
  nonce: 0x1_0000_0000_0000_0005n,
  callData: '0xb61d27f6',
  callGasLimit: 123_456n,
  verificationGasLimit: 654_321n,
  preVerificationGas: 50_000n,
  maxFeePerGas: 3_000_000_000n,
  maxPriorityFeePerGas: 1_000_000_000n,
  signature: '0x',
} as const
const validUntil = 1_900_000_000
const validAfter = 1_700_000_000

describe('getPaymasterHash', () => {
  test('default: v0.6 equals SigilPaymaster06.getHash', async () => {
    const userOperation = { ...base, initCode: '0xabcdef', paymasterAndData: '0x' } as UserOperation
    const onChain = await chain.client.readContract({
      address: paymasters['0.6'],
      abi: paymasterArtifacts['0.6'].abi,
      functionName: 'getHash',
      args: [userOperation, validUntil, validAfter],
    } as never)
    const hash = getPaymasterHash({
      userOperation,
      entryPointVersion: '0.6',
      chainId: 31337,
      paymaster: paymasters['0.6'],
      validUntil,
      validAfter,
    })
    expect(hash).toBe(onChain)
  })

  test.each(['0.7', '0.8'] as const)(
    'default: v%s equals getHash, and covers the paymaster gas limits',
    async (version) => {
      const userOperation = {
        ...base,
        factory: '0x00000000000000000000000000000000000fac70',
        factoryData: '0x5fbfb9cf',
        paymaster: paymasters[version],
        paymasterVerificationGasLimit: 77_777n,
        paymasterPostOpGasLimit: 1n,
        paymasterData: '0x',
      } as UserOperation
      const onChain = await chain.client.readContract({
        address: paymasters[version],
        abi: paymasterArtifacts[version].abi,
        functionName: 'getHash',
        args: [toPackedUserOperation(userOperation), validUntil, validAfter],
      } as never)
      const parameters = {
        userOperation,
        entryPointVersion: version,
        chainId: 31337,
        paymaster: paymasters[version],
        validUntil,
        validAfter,
      }
      expect(getPaymasterHash(parameters)).toBe(onChain)
      const other = { ...userOperation, paymasterVerificationGasLimit: 77_778n } as UserOperation
      expect(getPaymasterHash({ ...parameters, userOperation: other })).not.toBe(onChain)
    },
  )

  test("behavior: signPaymasterHash is the vault key's EIP-191 signature", async () => {
    const vault = createVault({
      keyProvider: createMasterKeyProvider({ masterKey: new Uint8Array(32).fill(7) }),
    })
    const key = new Uint8Array(32).fill(1)
    const signer = {
      address: '0x1a642f0E3c3aF545E7AcBD38b07251B3990914F1' as Address,
      sealedPrivateKey: vault.seal(key, 'server_key:paymaster-signer'),
    }
    const hash = `0x${'ab'.repeat(32)}` as const
    const signature = await signPaymasterHash(vault, signer, hash)
    expect(await recoverMessageAddress({ message: { raw: hash }, signature })).toBe(signer.address)
  })
})
