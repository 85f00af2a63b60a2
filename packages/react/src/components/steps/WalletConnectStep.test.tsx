// @vitest-environment happy-dom
import { render, screen } from '@testing-library/react'
import { userEvent } from '@testing-library/user-event'
import { type ReactNode, useEffect } from 'react'
import { afterEach, beforeEach, expect, test } from 'vitest'
import type { SigilUiConfig } from '../../context/SigilUiConfig.js'
import { useAuthModalState } from '../../context/useAuthModalState.js'
import { createReactTestbed, type ReactTestbed } from '../../test/createReactTestbed.js'
import { createSigilWrapper } from '../../test/createSigilWrapper.js'
import { AuthCard } from '../AuthCard.js'

/** Step wallet_connect and the WalletConnect settings screen (no WalletConnect peer runs offline). */

let testbed: ReactTestbed
beforeEach(async () => {
  testbed = await createReactTestbed()
})
afterEach(async () => {
  await testbed.cleanup()
})

const renderCard = (ui: SigilUiConfig, children?: ReactNode) => {
  const config = testbed.createConfig({}, ui)
  render(
    <>
      <AuthCard />
      {children}
    </>,
    { wrapper: createSigilWrapper(config) },
  )
  return { user: userEvent.setup() }
}

/** Puts the shared sign-in UI at `wallet_connect`, as choosing WalletConnect does while its popup is open. */
function AtWalletConnect() {
  const { setAuthStep } = useAuthModalState()
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on mount
  useEffect(() => setAuthStep({ type: 'wallet_connect' }), [])
  return null
}

test('default: "Connecting to WalletConnect" while its popup is open; Cancel returns to the first step', async () => {
  const { user } = renderCard({ auth: { sections: [[{ type: 'external_wallets' }]] } }, <AtWalletConnect />)
  expect(await screen.findByRole('heading', { name: 'Connecting to WalletConnect' })).toBeDefined()
  expect(screen.getByText('Please follow the instructions in the popup to connect.')).toBeDefined()
  await user.click(screen.getByRole('button', { name: 'Cancel' }))
  expect(screen.getByRole('button', { name: 'Continue with a wallet' })).toBeDefined()
})

test('error: WalletConnect settings without a projectId: "Couldn\'t connect to WalletConnect"', async () => {
  const { user } = renderCard({ auth: { sections: [[{ type: 'external_wallets', walletConnect: {} }]] } })
  await user.click(screen.getByRole('button', { name: 'Continue with a wallet' }))
  await user.click(screen.getByRole('button', { name: 'WalletConnect' }))
  expect(await screen.findByRole('heading', { name: "Couldn't connect to WalletConnect" })).toBeDefined()
  expect(screen.getByText('The WalletConnect configuration is missing or incorrect.')).toBeDefined()
  await user.click(screen.getByRole('button', { name: 'Try again' }))
  expect(await screen.findByRole('heading', { name: "Couldn't connect to WalletConnect" })).toBeDefined()
  await user.click(screen.getByRole('button', { name: 'Use another method' }))
  expect(screen.getByRole('heading', { name: 'Select your wallet' })).toBeDefined()
})

test('error: settings given but @walletconnect/ethereum-provider not installed: the same settings screen', async () => {
  const { user } = renderCard({
    auth: { sections: [[{ type: 'external_wallets', walletConnect: { projectId: 'p1' } }]] },
  })
  await user.click(screen.getByRole('button', { name: 'Continue with a wallet' }))
  await user.click(screen.getByRole('button', { name: 'WalletConnect' }))
  expect(await screen.findByRole('heading', { name: "Couldn't connect to WalletConnect" })).toBeDefined()
  expect(screen.getByText('The WalletConnect configuration is missing or incorrect.')).toBeDefined()
})
