// @vitest-environment happy-dom
import { authenticate } from '@sigil/core'
import { render, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { waitForSignerStatus } from '../../../../core/src/test/createCoreTestbed.js'
import { createNodeFrameStamper } from '../../../../signer/src/test/createNodeFrameStamper.js'
import { createMagicLinkApp } from '../../test/createMagicLinkApp.js'
import { createReactTestbed, type ReactTestbed } from '../../test/createReactTestbed.js'
import { createSigilWrapper } from '../../test/createSigilWrapper.js'
import { AuthCard } from '../AuthCard.js'

/**
 * 'Completing login': a page opened from an emailed link signs in while it starts. The link was
 * asked for in one "tab"; the page it lands on is another config with the same key frame (a
 * browser's frame keeps its key per origin) and an address carrying the link's bundle.
 */

const email = 'ada@example.com'
let testbed: ReactTestbed
beforeEach(async () => {
  testbed = await createReactTestbed()
})
afterEach(async () => {
  await testbed.cleanup()
})

/** Requests a link in a first tab and returns the address the link lands on. */
async function landOnLink() {
  const magic = await createMagicLinkApp(testbed)
  const stamper = createNodeFrameStamper()
  const first = testbed.createConfig({ connection: magic.connection, stamper })
  void authenticate(first, { type: 'email', email }).catch(() => undefined)
  await waitForSignerStatus(first, 'AWAITING_EMAIL_AUTH')
  const { bundle, orgId } = await magic.openLink(email)
  const href = `http://localhost:5173/auth/return?bundle=${bundle}&orgId=${orgId}&aa-is-signup=true`
  const window = Object.assign(new EventTarget(), {
    location: { href, origin: 'http://localhost:5173' },
    history: { replaceState: () => undefined },
  })
  return testbed.createConfig({ connection: magic.connection, stamper, window })
}

/** Every text the card showed, in order (steps can pass between two looks). */
function recordTexts() {
  const seen: string[] = []
  const observer = new MutationObserver(() => seen.push(document.body.textContent ?? ''))
  observer.observe(document.body, { subtree: true, childList: true, characterData: true })
  return { seen, stop: () => observer.disconnect() }
}

test('default: a link return shows "Completing login" and completes', async () => {
  const onAuthSuccess = vi.fn()
  const config = await landOnLink()
  const texts = recordTexts()
  render(<AuthCard onAuthSuccess={onAuthSuccess} />, { wrapper: createSigilWrapper(config) })
  await waitFor(() => expect(onAuthSuccess).toHaveBeenCalledTimes(1))
  texts.stop()
  expect(
    texts.seen.some((text) =>
      text.includes('Completing login. Please wait a few seconds for this to screen to update.'),
    ),
  ).toBe(true)
  expect(config.store.getState().user?.email).toBe(email)
})

test('behavior: a new user with addPasskeyOnSignup goes on to "Add a passkey"; Skip completes', async () => {
  const onAuthSuccess = vi.fn()
  const config = await landOnLink()
  render(<AuthCard onAuthSuccess={onAuthSuccess} addPasskeyOnSignup />, {
    wrapper: createSigilWrapper(config),
  })
  expect(await screen.findByRole('heading', { name: 'Add a passkey' })).toBeDefined()
  expect(onAuthSuccess).not.toHaveBeenCalled()
  screen.getByRole('button', { name: 'Skip' }).click()
  await waitFor(() => expect(onAuthSuccess).toHaveBeenCalledTimes(1))
})
