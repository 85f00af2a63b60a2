// @vitest-environment happy-dom
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { walletPopupZIndex } from '@sigil/core'
import { act, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, expect, test } from 'vitest'
import { AuthModal } from '../components/AuthModal.js'
import { useAuthModalState } from '../context/useAuthModalState.js'
import { useAuthModal } from '../hooks/useAuthModal.js'
import { createReactTestbed, type ReactTestbed } from '../test/createReactTestbed.js'
import { createSigilWrapper } from '../test/createSigilWrapper.js'

/**
 * The wallet popup above the sign-in modal (Account Kit's behaviour): WalletConnect's modal is drawn at
 * z-index 1000000, over the modal's backdrop, and while it is open (step `wallet_connect`) the
 * modal's focus trap lets focus stay in it.
 */

let testbed: ReactTestbed
beforeEach(async () => {
  testbed = await createReactTestbed()
})
afterEach(async () => {
  await testbed.cleanup()
})

let controls: { open(): void; setStep: ReturnType<typeof useAuthModalState>['setAuthStep'] }
function Controls() {
  const { openAuthModal } = useAuthModal()
  const { setAuthStep } = useAuthModalState()
  controls = { open: openAuthModal, setStep: setAuthStep }
  return null
}

/** Stands in for WalletConnect's modal: an element outside the dialog with a button in it. */
function addWalletPopup() {
  const popup = document.createElement('div')
  popup.style.zIndex = String(walletPopupZIndex)
  popup.innerHTML = '<button type="button">Copy link</button>'
  document.body.append(popup)
  return popup.querySelector('button')!
}

/** Presses Tab on `element` and tells whether the modal's trap took the key. */
function pressTab(element: HTMLElement) {
  const event = new KeyboardEvent('keydown', { key: 'Tab', bubbles: true, cancelable: true })
  element.dispatchEvent(event)
  return event.defaultPrevented
}

test('default: the wallet popup is drawn above the sign-in modal (z-index 1000000 over the backdrop’s)', () => {
  const css = readFileSync(join(import.meta.dirname, '../components/sigil.css'), 'utf8')
  const backdrop = /\.sigil-backdrop\s*\{[^}]*z-index:\s*(\d+)/.exec(css)
  expect(walletPopupZIndex).toBe(1_000_000)
  expect(Number(backdrop?.[1])).toBeLessThan(walletPopupZIndex)
})

test('behavior: the modal’s focus trap is released while the wallet popup is open, and holds again after', async () => {
  const config = testbed.createConfig({}, { auth: { sections: [[{ type: 'external_wallets' }]] } })
  render(
    <>
      <Controls />
      <AuthModal />
    </>,
    { wrapper: createSigilWrapper(config) },
  )
  act(() => controls.open())
  const dialog = await screen.findByRole('dialog')
  const popupButton = addWalletPopup()

  // Step initial: Tab from outside is pulled back into the dialog.
  popupButton.focus()
  expect(pressTab(popupButton)).toBe(true)
  expect(dialog.contains(document.activeElement)).toBe(true)

  // WalletConnect's popup is open: focus may stay in it.
  act(() => controls.setStep({ type: 'wallet_connect' }))
  expect(await screen.findByRole('heading', { name: 'Connecting to WalletConnect' })).toBeDefined()
  popupButton.focus()
  expect(pressTab(popupButton)).toBe(false)
  expect(document.activeElement).toBe(popupButton)

  // Back from the popup (Cancel): the trap holds again.
  act(() => controls.setStep({ type: 'initial' }))
  popupButton.focus()
  expect(pressTab(popupButton)).toBe(true)
  expect(dialog.contains(document.activeElement)).toBe(true)
})
