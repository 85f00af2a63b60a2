// @vitest-environment happy-dom
import { render, screen, waitFor, within } from '@testing-library/react'
import { userEvent } from '@testing-library/user-event'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import type { SigilUiConfig } from '../../context/SigilUiConfig.js'
import { useUser } from '../../hooks/useUser.js'
import { createReactTestbed, type ReactTestbed } from '../../test/createReactTestbed.js'
import { createSigilWrapper } from '../../test/createSigilWrapper.js'
import { createTestWallet, type TestWallet } from '../../test/createTestWallet.js'
import { AuthCard } from '../AuthCard.js'

/**
 * The wallet steps (pick_eoa, eoa_connect) with EIP-6963 test wallets: EIP-1193 providers over a
 * local key that announce themselves as installed wallets do (browser extensions cannot run here).
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

/** A wallet whose user never answers the connection request. */
const announceSlowWallet = () =>
  window.dispatchEvent(
    new CustomEvent('eip6963:announceProvider', {
      detail: {
        info: { uuid: crypto.randomUUID(), name: 'Slow Wallet', icon: '', rdns: 'dev.sigil.slow' },
        provider: { request: () => new Promise(() => {}) },
      },
    }),
  )

const walletsUi: SigilUiConfig = { auth: { sections: [[{ type: 'email' }], [{ type: 'external_wallets' }]] } }

function UserAddress() {
  const user = useUser()
  return <output aria-label="user">{user ? `${user.type}:${user.address}` : ''}</output>
}

const renderCard = (ui: SigilUiConfig = walletsUi) => {
  const onAuthSuccess = vi.fn()
  const config = testbed.createConfig({}, ui)
  render(
    <>
      <AuthCard onAuthSuccess={onAuthSuccess} />
      <UserAddress />
    </>,
    { wrapper: createSigilWrapper(config) },
  )
  return { user: userEvent.setup(), onAuthSuccess, config }
}

test('default: "Select your wallet" lists the announced wallets; choosing one connects it and completes', async () => {
  const wallet = announce({ name: 'Test Wallet' })
  const { user, onAuthSuccess } = renderCard()
  await user.click(screen.getByRole('button', { name: 'Continue with a wallet' }))
  expect(screen.getByRole('heading', { name: 'Select your wallet' })).toBeDefined()
  await user.click(await screen.findByRole('button', { name: 'Test Wallet' }))
  await waitFor(() => expect(onAuthSuccess).toHaveBeenCalledTimes(1))
  expect(screen.getByLabelText('user').textContent).toBe(`eoa:${wallet.account.address}`)
})

test('behavior: no wallet and no WalletConnect settings: says so and suggests wallets to install; Back returns to the first step', async () => {
  const { user } = renderCard()
  await user.click(screen.getByRole('button', { name: 'Continue with a wallet' }))
  expect(screen.getByText('No wallets available')).toBeDefined()
  expect(screen.getByText(/^Install a browser wallet, then reload this page/)).toBeDefined()
  const suggestions = screen.getByRole('list', { name: 'Browser wallets to install' })
  const links = within(suggestions).getAllByRole('link')
  expect(
    links.map((link) => [link.textContent, link.getAttribute('href'), link.getAttribute('target')]),
  ).toEqual([
    ['MetaMask', 'https://metamask.io/download/', '_blank'],
    ['Coinbase Wallet', 'https://www.coinbase.com/wallet/downloads', '_blank'],
    ['Rabby', 'https://rabby.io/', '_blank'],
  ])
  expect(screen.queryByRole('button', { name: 'WalletConnect' })).toBeNull()
  await user.click(screen.getByRole('button', { name: 'Back' }))
  expect(screen.getByRole('heading', { name: 'Sign in' })).toBeDefined()
})

test('behavior: with WalletConnect settings the list ends with a WalletConnect entry', async () => {
  announce({ name: 'Test Wallet' })
  const { user } = renderCard({
    auth: { sections: [[{ type: 'external_wallets', walletConnect: { projectId: 'p1' } }]] },
  })
  await user.click(screen.getByRole('button', { name: 'Continue with a wallet' }))
  const entries = (await screen.findAllByRole('listitem')).map((item) => item.textContent)
  expect(entries).toEqual(['Test Wallet', 'WalletConnect'])
})

test('behavior: eoa_connect: "Connecting to {wallet}" while the wallet asks; Cancel returns to the first step', async () => {
  const { user } = renderCard()
  announceSlowWallet()
  await user.click(screen.getByRole('button', { name: 'Continue with a wallet' }))
  await user.click(await screen.findByRole('button', { name: 'Slow Wallet' }))
  expect(screen.getByRole('heading', { name: 'Connecting to Slow Wallet' })).toBeDefined()
  expect(screen.getByText('Please follow the instructions in your wallet to connect.')).toBeDefined()
  await user.click(screen.getByRole('button', { name: 'Cancel' }))
  expect(screen.getByRole('heading', { name: 'Sign in' })).toBeDefined()
})

test('error: the user refuses: "Couldn\'t connect to {wallet}"; Try again asks again; "Use another method" → the list', async () => {
  const wallet = announce({ name: 'Test Wallet', refuses: true })
  const { user, onAuthSuccess } = renderCard()
  await user.click(screen.getByRole('button', { name: 'Continue with a wallet' }))
  await user.click(await screen.findByRole('button', { name: 'Test Wallet' }))
  expect(await screen.findByRole('heading', { name: "Couldn't connect to Test Wallet" })).toBeDefined()
  expect(screen.getByText("The wallet's connection failed or was canceled.")).toBeDefined()
  await user.click(screen.getByRole('button', { name: 'Try again' }))
  await waitFor(() =>
    expect(wallet.requests.filter((method) => method === 'eth_requestAccounts')).toHaveLength(2),
  )
  await user.click(await screen.findByRole('button', { name: 'Use another method' }))
  expect(screen.getByRole('heading', { name: 'Select your wallet' })).toBeDefined()
  expect(onAuthSuccess).not.toHaveBeenCalled()
})

test("error: a wallet without the network ('ChainId not found') draws the network screen", async () => {
  announce({ name: 'Test Wallet', chainId: 1 })
  const { user } = renderCard()
  await user.click(screen.getByRole('button', { name: 'Continue with a wallet' }))
  await user.click(await screen.findByRole('button', { name: 'Test Wallet' }))
  expect(
    await screen.findByRole('heading', { name: 'The connected wallet does not support this network' }),
  ).toBeDefined()
  expect(screen.getByText('The wallet connection failed.')).toBeDefined()
  expect(screen.getByRole('button', { name: 'Try again with a different wallet' })).toBeDefined()
  await user.click(screen.getByRole('button', { name: 'Use another method' }))
  expect(screen.getByRole('heading', { name: 'Select your wallet' })).toBeDefined()
})
