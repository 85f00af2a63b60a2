// @vitest-environment happy-dom
import { anvilAccounts, createDevnetClient } from '@sigil/devnet'
import { act, cleanup, renderHook, waitFor } from '@testing-library/react'
import { createPublicClient, http, parseEther } from 'viem'
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import {
  createSmartAccountTestbed,
  type SmartAccountTestbed,
} from '../../../core/src/test/createSmartAccountTestbed.js'
import { createConfig } from '../context/createConfig.js'
import { SmartAccountClientNotReadyError } from '../context/errors/SmartAccountClientNotReadyError.js'
import { createSigilWrapper } from '../test/createSigilWrapper.js'
import { useAccount } from './useAccount.js'
import { useBundlerClient } from './useBundlerClient.js'
import { useClientActions } from './useClientActions.js'
import { useDropAndReplaceUserOperation } from './useDropAndReplaceUserOperation.js'
import { useSendUserOperation } from './useSendUserOperation.js'
import { useSmartAccountClient } from './useSmartAccountClient.js'

/**
 * Account Kit's account hooks on the real devnet through the Sigil server's gateway (in process),
 * sponsored by the test app's policy: `useAccount`, `useBundlerClient`, `useClientActions` and
 * `useDropAndReplaceUserOperation` (an operation alto cannot bundle while its accounts are empty).
 */

let testbed: SmartAccountTestbed
beforeAll(async () => {
  testbed = await createSmartAccountTestbed()
}, 60_000)
afterEach(() => cleanup())
afterAll(() => testbed?.cleanup())

const pollingInterval = 50
const recipient = '0x000000000000000000000000000000000000dEaD'
const node = () => createPublicClient({ transport: http(testbed.devnet.rpcUrl) })

async function signedInConfig(email: string) {
  const config = createConfig(testbed.inProcessParameters())
  await testbed.signIn(config, email)
  return config
}

describe('useAccount (Account Kit name)', () => {
  test('default: builds the signed-in user’s account; skipCreate only reports the address known from before', async () => {
    const config = await signedInConfig('account@example.com')
    const { result } = renderHook(
      () => ({
        known: useAccount({ type: 'LightAccount', skipCreate: true }),
        built: useAccount({ type: 'LightAccount' }),
      }),
      { wrapper: createSigilWrapper(config) },
    )
    expect(result.current.known).toEqual({ account: undefined, address: undefined, isLoadingAccount: false })
    expect(result.current.built.isLoadingAccount).toBe(true)
    await waitFor(() => expect(result.current.built.account).toBeDefined())
    const { account, address, isLoadingAccount } = result.current.built
    expect(isLoadingAccount).toBe(false)
    expect(address).toBe(account?.address)
    expect(await account?.getAddress()).toBe(address)
    // The build wrote the store's record: the skipCreate hook now knows the address, and built nothing.
    await waitFor(() => expect(result.current.known.address).toBe(address))
    expect(result.current.known.account).toBeUndefined()
  })

  test('behavior: signed out, there is no account', async () => {
    const config = createConfig(testbed.inProcessParameters())
    const { result } = renderHook(() => useAccount({ type: 'LightAccount' }), {
      wrapper: createSigilWrapper(config),
    })
    await waitFor(() => expect(config.store.getState().signerStatus.isDisconnected).toBe(true))
    expect(result.current).toEqual({ account: undefined, address: undefined, isLoadingAccount: false })
  })
})

describe('useBundlerClient (Account Kit name)', () => {
  test('default: the active chain’s bundler client, through the gateway', async () => {
    const config = createConfig(testbed.inProcessParameters())
    const { result } = renderHook(() => useBundlerClient(), { wrapper: createSigilWrapper(config) })
    expect(result.current.chain.id).toBe(testbed.devnet.chainId)
    const entryPoints = await result.current.getSupportedEntryPoints()
    expect(entryPoints.map((address) => address.toLowerCase())).toContain(
      '0x0000000071727de22e5e9d8baf0edac6f37da032',
    )
    expect(await result.current.getBlockNumber()).toBe(await node().getBlockNumber())
  })
})

describe('useClientActions (Account Kit name)', () => {
  test('default: runs a decorator’s action on the smart-account client', async () => {
    const config = await signedInConfig('actions@example.com')
    const actions = (client: { account: { isDeployed(): Promise<boolean>; address: string } }) => ({
      deployment: async () => ({
        address: client.account.address,
        deployed: await client.account.isDeployed(),
      }),
    })
    const { result } = renderHook(
      () => {
        const { client } = useSmartAccountClient({ type: 'LightAccount', pollingInterval })
        return { client, actions: useClientActions({ client, actions }) }
      },
      { wrapper: createSigilWrapper(config) },
    )
    await waitFor(() => expect(result.current.client).toBeDefined())
    const answer = await act(() =>
      result.current.actions.executeActionAsync({ functionName: 'deployment', args: undefined }),
    )
    expect(answer).toEqual({ address: result.current.client?.account.address, deployed: false })
    await waitFor(() => expect(result.current.actions.data).toEqual(answer))
    expect(result.current.actions).toMatchObject({ isExecutingAction: false, error: null })
  })

  test('error: without a client, or an action the decorator does not have', async () => {
    const config = createConfig(testbed.inProcessParameters())
    const actions = () => ({ one: () => 1 })
    const { result } = renderHook(() => useClientActions({ client: undefined, actions }), {
      wrapper: createSigilWrapper(config),
    })
    await expect(
      result.current.executeActionAsync({ functionName: 'one', args: undefined }),
    ).rejects.toThrowError(SmartAccountClientNotReadyError)
    await waitFor(() => expect(result.current.error).toBeInstanceOf(SmartAccountClientNotReadyError))
  })
})

describe('useDropAndReplaceUserOperation (Account Kit name)', () => {
  test('default: replaces a sponsored operation stuck in the bundler: same nonce, fees +10 %, only the replacement lands', async () => {
    const config = await signedInConfig('replace@example.com')
    const { result } = renderHook(
      () => {
        const { client } = useSmartAccountClient({ type: 'LightAccount', pollingInterval })
        return {
          client,
          send: useSendUserOperation({ client, waitForTxn: true }),
          sendNow: useSendUserOperation({ client }),
          replace: useDropAndReplaceUserOperation({ client }),
        }
      },
      { wrapper: createSigilWrapper(config) },
    )
    await waitFor(() => expect(result.current.client).toBeDefined())
    // Deployed first, so that the stuck operation is an ordinary one.
    await act(() => result.current.send.sendUserOperationAsync({ uo: { target: recipient } }))

    const anvil = createDevnetClient(testbed.devnet.rpcUrl)
    const bundlerAccounts = [anvilAccounts[1].address, anvilAccounts[2].address]
    try {
      for (const address of bundlerAccounts) await anvil.setBalance({ address, value: 0n })
      const { hash: stuckHash, request: stuck } = await act(() =>
        result.current.sendNow.sendUserOperationAsync({ uo: { target: recipient, value: 0n } }),
      )
      // alto cannot pay for the bundle: it keeps the operation, and refuses a replacement while it tries.
      let replaced: Awaited<ReturnType<typeof result.current.replace.dropAndReplaceUserOperationAsync>>
      for (let attempt = 0; ; attempt++) {
        try {
          replaced = await act(() =>
            result.current.replace.dropAndReplaceUserOperationAsync({ uoToDrop: stuck }),
          )
          break
        } catch (error) {
          if (attempt > 40 || !/already being processed/.test(String(error))) throw error
          await new Promise((resolve) => setTimeout(resolve, 25))
        }
      }
      expect(replaced.hash).not.toBe(stuckHash)
      expect(replaced.request).toMatchObject({
        sender: stuck.sender,
        nonce: stuck.nonce,
        callData: stuck.callData,
      })
      expect(replaced.request.maxFeePerGas).toBeGreaterThanOrEqual((stuck.maxFeePerGas * 110n) / 100n)
      await waitFor(() => expect(result.current.replace.dropAndReplaceUserOperationResult).toEqual(replaced))

      for (const address of bundlerAccounts) await anvil.setBalance({ address, value: parseEther('100') })
      const client = result.current.client!
      const receipt = await client.waitForUserOperationReceipt({ hash: replaced.hash, timeout: 20_000 })
      expect(receipt.success).toBe(true)
      expect(await client.getUserOperationReceipt({ hash: stuckHash }).catch(() => null)).toBeNull()
      expect(await node().getBalance({ address: client.account.address })).toBe(0n)
    } finally {
      for (const address of bundlerAccounts) await anvil.setBalance({ address, value: parseEther('100') })
    }
  })

  test('error: without a client', async () => {
    const config = createConfig(testbed.inProcessParameters())
    const { result } = renderHook(() => useDropAndReplaceUserOperation({ client: undefined }), {
      wrapper: createSigilWrapper(config),
    })
    await expect(
      result.current.dropAndReplaceUserOperationAsync({ uoToDrop: {} as never }),
    ).rejects.toThrowError('Smart account client is not ready')
  })
})
