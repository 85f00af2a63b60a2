// @vitest-environment happy-dom

import {
  WalletChainNotFoundError,
  WalletConnectNotInstalledError,
  WalletConnectParamsNotFoundError,
} from '@sigil/core'
import { act, renderHook, waitFor } from '@testing-library/react'
import { recoverMessageAddress } from 'viem'
import { afterEach, beforeEach, expect, test } from 'vitest'
import type { SigilUiConfig } from '../context/SigilUiConfig.js'
import { createReactTestbed, type ReactTestbed } from '../test/createReactTestbed.js'
import { createSigilWrapper } from '../test/createSigilWrapper.js'
import { createTestWallet, type TestWallet } from '../test/createTestWallet.js'
import { useConnect } from './useConnect.js'
import { useLogout } from './useLogout.js'
import { useSignMessage } from './useSignMessage.js'
import { useUser } from './useUser.js'

/**
 * External wallets. Real browser wallets (extensions) and WalletConnect peers cannot run in these
 * offline tests: the wallets here are `createTestWallet` stand-ins, EIP-1193 providers over a local
 * key that announce themselves through the EIP-6963 window events as an installed wallet does.
 */

let testbed: ReactTestbed
const wallets: TestWallet[] = []
beforeEach(async () => {
  testbed = await createReactTestbed()
})
afterEach(async () => {
  for (const wallet of wallets.splice(0)) wallet.remove()
  await testbed.cleanup()
})

const announce = (parameters: Parameters<typeof createTestWallet>[0] = {}) => {
  const wallet = createTestWallet(parameters)
  wallets.push(wallet)
  wallet.announce()
  return wallet
}

const renderConnect = (ui?: SigilUiConfig) => {
  const config = testbed.createConfig({}, ui)
  return renderHook(
    () => ({ connect: useConnect(), user: useUser(), sign: useSignMessage(), logout: useLogout() }),
    { wrapper: createSigilWrapper(config) },
  )
}

test('default: EIP-6963 discovery lists an announced wallet; connecting it gives its address', async () => {
  const installed = announce({ name: 'Test Wallet', rdns: 'dev.sigil.test-wallet' })
  const { result } = renderConnect()
  await waitFor(() => expect(result.current.connect.connectors).toHaveLength(1))
  // A wallet that loads later announces itself on its own.
  const late = announce({ name: 'Late Wallet', rdns: 'dev.sigil.late-wallet' })
  await waitFor(() => expect(result.current.connect.connectors).toHaveLength(2))
  expect(result.current.connect.connectors.map(({ id, name, type }) => ({ id, name, type }))).toEqual([
    { id: 'dev.sigil.test-wallet', name: 'Test Wallet', type: 'injected' },
    { id: 'dev.sigil.late-wallet', name: 'Late Wallet', type: 'injected' },
  ])
  expect(late.info.uuid).not.toBe(installed.info.uuid)

  const connector = result.current.connect.connectors[0]!
  const connection = await act(() => result.current.connect.connectAsync({ connector }))
  expect(connection).toMatchObject({ address: installed.account.address, chainId: 31337 })
  expect(installed.requests).toEqual(['eth_requestAccounts', 'eth_chainId'])
  await waitFor(() =>
    expect(result.current.user).toEqual({
      address: installed.account.address,
      orgId: installed.account.address,
      userId: installed.account.address,
      type: 'eoa',
    }),
  )
})

test('behavior: the same wallet announced again is listed once', async () => {
  const wallet = announce()
  const { result } = renderConnect()
  await waitFor(() => expect(result.current.connect.connectors).toHaveLength(1))
  act(() => wallet.announce())
  act(() => window.dispatchEvent(new Event('eip6963:requestProvider')))
  expect(result.current.connect.connectors).toHaveLength(1)
})

test('behavior: a wallet on another chain is switched to the configured chain, or adds it', async () => {
  const switches = announce({ chainId: 1, knownChainIds: [31337], rdns: 'dev.sigil.switches' })
  const adds = announce({ chainId: 1, canAddChains: true, rdns: 'dev.sigil.adds' })
  const { result } = renderConnect()
  await waitFor(() => expect(result.current.connect.connectors).toHaveLength(2))

  const [first, second] = result.current.connect.connectors
  await result.current.connect.connectAsync({ connector: first! })
  expect(switches.chainId).toBe(31337)
  expect(switches.requests).toContain('wallet_switchEthereumChain')

  const connection = await result.current.connect.connectAsync({ connector: second! })
  expect(connection.chainId).toBe(31337)
  expect(adds.requests).toEqual([
    'eth_requestAccounts',
    'eth_chainId',
    'wallet_switchEthereumChain',
    'wallet_addEthereumChain',
    'eth_chainId',
  ])
})

test('behavior: while a wallet is connected the signing hooks sign with it; logout and an empty accountsChanged forget it', async () => {
  const wallet = announce()
  const { result } = renderConnect()
  await waitFor(() => expect(result.current.connect.connectors).toHaveLength(1))
  await result.current.connect.connectAsync({ connector: result.current.connect.connectors[0]! })

  const signature = await act(() => result.current.sign.signMessageAsync({ message: 'hello' }))
  expect(await recoverMessageAddress({ message: 'hello', signature })).toBe(wallet.account.address)
  expect(wallet.requests).toContain('personal_sign')

  await act(() => result.current.logout.logoutAsync())
  expect(result.current.user).toBeNull()

  await result.current.connect.connectAsync({ connector: result.current.connect.connectors[0]! })
  expect(result.current.user?.type).toBe('eoa')
  act(() => wallet.changeAccounts([]))
  expect(result.current.user).toBeNull()
})

test("error: a wallet that cannot be on the configured chain: 'ChainId not found'", async () => {
  const wallet = announce({ chainId: 1 })
  const { result } = renderConnect()
  await waitFor(() => expect(result.current.connect.connectors).toHaveLength(1))

  const connecting = result.current.connect.connectAsync({ connector: result.current.connect.connectors[0]! })
  await expect(connecting).rejects.toThrowError(WalletChainNotFoundError)
  await waitFor(() => expect(result.current.connect.error?.message).toMatch(/^ChainId not found/))
  expect(result.current.connect.error).toMatchObject({ shortMessage: 'ChainId not found', chainId: 31337 })
  expect(wallet.requests).toContain('wallet_addEthereumChain')
  expect(result.current.user).toBeNull()
})

test('error: the user refuses: the wallet’s own error (4001), nothing connected', async () => {
  announce({ refuses: true })
  const { result } = renderConnect()
  await waitFor(() => expect(result.current.connect.connectors).toHaveLength(1))
  const connecting = result.current.connect.connectAsync({ connector: result.current.connect.connectors[0]! })
  await expect(connecting).rejects.toMatchObject({ code: 4001 })
  expect(result.current.user).toBeNull()
})

test('error: WalletConnect without settings: no entry, and choosing it gives WalletConnectParamsNotFoundError', async () => {
  const { result } = renderConnect({ auth: { sections: [[{ type: 'external_wallets' }]] } })
  expect(result.current.connect.connectors).toEqual([])
  const connecting = result.current.connect.connectAsync({ connector: 'walletConnect' })
  await expect(connecting).rejects.toThrowError(WalletConnectParamsNotFoundError)
  await waitFor(() => expect(result.current.connect.error?.name).toBe('WalletConnectParamsNotFoundError'))
})

test('error: WalletConnect settings without a projectId are incorrect: the same error', async () => {
  const { result } = renderConnect({
    auth: { sections: [[{ type: 'external_wallets', walletConnect: { projectId: '' } }]] },
  })
  expect(result.current.connect.connectors.map((connector) => connector.id)).toEqual(['walletConnect'])
  const connecting = result.current.connect.connectAsync({ connector: 'walletConnect' })
  await expect(connecting).rejects.toThrowError(WalletConnectParamsNotFoundError)
})

test('error: WalletConnect configured but @walletconnect/ethereum-provider not installed (an optional peer)', async () => {
  const { result } = renderConnect({
    auth: {
      sections: [[{ type: 'email' }], [{ type: 'external_wallets', walletConnect: { projectId: 'p1' } }]],
    },
  })
  const [walletConnect] = result.current.connect.connectors
  expect(walletConnect).toMatchObject({ id: 'walletConnect', name: 'WalletConnect', type: 'walletConnect' })
  const connecting = result.current.connect.connectAsync({ connector: walletConnect! })
  await expect(connecting).rejects.toThrowError(WalletConnectNotInstalledError)
  await expect(result.current.connect.connectAsync({ connector: 'walletConnect' })).rejects.toThrowError(
    '@walletconnect/ethereum-provider is not installed',
  )
})
