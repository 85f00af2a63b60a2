// @vitest-environment happy-dom
import { act, cleanup, renderHook, waitFor } from '@testing-library/react'
import { isErc6492Signature, recoverMessageAddress } from 'viem'
import { verifyMessage, verifyTypedData } from 'viem/actions'
import { afterAll, afterEach, beforeAll, expect, test } from 'vitest'
import {
  createSmartAccountTestbed,
  type SmartAccountTestbed,
} from '../../../core/src/test/createSmartAccountTestbed.js'
import { createConfig } from '../context/createConfig.js'
import { createSigilWrapper } from '../test/createSigilWrapper.js'
import { createTestWallet } from '../test/createTestWallet.js'
import { useConnect } from './useConnect.js'
import { useSignMessage } from './useSignMessage.js'
import { useSignTypedData } from './useSignTypedData.js'
import { useSmartAccountClient } from './useSmartAccountClient.js'

/**
 * `useSignMessage({ client })` / `useSignTypedData({ client })`, as apps written for Account Kit call
 * them, sign as the smart account: the signatures verify against the account's address (EIP-6492
 * before deployment, ERC-1271 after) through the real server's gateway to the devnet.
 */

let testbed: SmartAccountTestbed
beforeAll(async () => {
  testbed = await createSmartAccountTestbed()
}, 60_000)
afterEach(() => cleanup())
afterAll(() => testbed?.cleanup())

const pollingInterval = 50
const typedData = {
  domain: { name: 'Demo', version: '1', chainId: 31337 },
  types: { Mail: [{ name: 'contents', type: 'string' }] },
  primaryType: 'Mail',
  message: { contents: 'hello' },
} as const

test('default: given a client, the signatures verify against the smart account, before and after deployment', async () => {
  const config = createConfig(testbed.inProcessParameters())
  const { address: owner } = await testbed.signIn(config, 'ada.hooks@example.com')
  const { result } = renderHook(
    () => {
      const { client } = useSmartAccountClient({ type: 'LightAccount', pollingInterval })
      return { client, message: useSignMessage({ client }), typed: useSignTypedData({ client }) }
    },
    { wrapper: createSigilWrapper(config) },
  )
  await waitFor(() => expect(result.current.client).toBeDefined())
  const client = result.current.client!
  const { address } = client.account
  const node = client.publicClient

  act(() => result.current.message.signMessage({ message: 'hello' }))
  await waitFor(() => expect(result.current.message.signedMessage).toBeDefined())
  const signature = result.current.message.signedMessage!
  expect(isErc6492Signature(signature)).toBe(true)
  expect(await verifyMessage(node, { address, message: 'hello', signature })).toBe(true)
  expect(await verifyMessage(node, { address: owner, message: 'hello', signature })).toBe(false)
  expect(result.current.message).toMatchObject({ isSigningMessage: false, error: null })

  const typedSignature = await act(() => result.current.typed.signTypedDataAsync({ typedData }))
  expect(isErc6492Signature(typedSignature)).toBe(true)
  expect(await verifyTypedData(node, { address, ...typedData, signature: typedSignature })).toBe(true)

  await client.sendTransaction({ to: '0x000000000000000000000000000000000000dEaD', value: 0n })
  const deployed = await act(() => result.current.message.signMessageAsync({ message: 'hello' }))
  expect(isErc6492Signature(deployed)).toBe(false)
  expect(await verifyMessage(node, { address, message: 'hello', signature: deployed })).toBe(true)
  const deployedTyped = await act(() => result.current.typed.signTypedDataAsync({ typedData }))
  expect(isErc6492Signature(deployedTyped)).toBe(false)
  expect(await verifyTypedData(node, { address, ...typedData, signature: deployedTyped })).toBe(true)
})

test('behavior: without a client, the signed-in user’s own key signs, as before', async () => {
  const config = createConfig(testbed.inProcessParameters())
  const { address: owner } = await testbed.signIn(config, 'grace.hooks@example.com')
  const { result } = renderHook(() => useSignMessage(), { wrapper: createSigilWrapper(config) })
  const signature = await act(() => result.current.signMessageAsync({ message: 'hello' }))
  expect(await recoverMessageAddress({ message: 'hello', signature })).toBe(owner)
})

test('behavior: while an external wallet is connected it signs, even given a client (as Account Kit)', async () => {
  const config = createConfig(testbed.inProcessParameters())
  await testbed.signIn(config, 'alan.hooks@example.com')
  const wrapper = createSigilWrapper(config)
  const built = renderHook(() => useSmartAccountClient({ type: 'LightAccount', pollingInterval }), {
    wrapper,
  })
  await waitFor(() => expect(built.result.current.client).toBeDefined())
  const client = built.result.current.client!

  const wallet = createTestWallet()
  try {
    wallet.announce()
    const { result } = renderHook(() => ({ connect: useConnect(), sign: useSignMessage({ client }) }), {
      wrapper,
    })
    await waitFor(() => expect(result.current.connect.connectors).toHaveLength(1))
    await result.current.connect.connectAsync({ connector: result.current.connect.connectors[0]! })
    const signature = await act(() => result.current.sign.signMessageAsync({ message: 'hello' }))
    expect(await recoverMessageAddress({ message: 'hello', signature })).toBe(wallet.account.address)
    expect(wallet.requests).toContain('personal_sign')
  } finally {
    wallet.remove()
  }
})
