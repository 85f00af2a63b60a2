import type { Page } from 'playwright-core'
import { type Hex, verifyMessage } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type DemoTestbed, startDemoTestbed } from './startDemoTestbed.js'

/**
 * The demo's sign-in card in real Chromium, beyond the happy email path (demo.test.ts): a wrong
 * email code, a browser wallet announced through EIP-6963, and WalletConnect without settings.
 * Screenshots: `test-results/demo/sign-in-methods/<flow>-<step>.png`.
 */

let testbed: DemoTestbed
beforeAll(async () => {
  testbed = await startDemoTestbed('sign-in-methods')
}, 120_000)
afterAll(() => testbed?.close())

const slow = { timeout: 90_000 }

/** The local devnet's chain id (`sigilDevnet`, the demo's chain). */
const devnetChainId = 31337

/**
 * An EIP-1193 wallet the page announces through EIP-6963. A real wallet extension cannot run in
 * this offline headless Chromium, so the test page plays one through the same standard interfaces
 * a wallet extension uses: it answers `eip6963:requestProvider` with `eip6963:announceProvider`,
 * and its provider answers `eth_requestAccounts`, `eth_accounts`, `eth_chainId`,
 * `wallet_switchEthereumChain` and `personal_sign`. The key stays in Node: `personal_sign` calls
 * the exposed `sigilTestWalletSign`, backed by a viem `privateKeyToAccount`.
 */
const injectedWalletScript = (address: string, chainId: number) => `(() => {
  const address = ${JSON.stringify(address)}
  const chainId = '0x' + (${chainId}).toString(16)
  const provider = {
    async request({ method, params }) {
      switch (method) {
        case 'eth_requestAccounts':
        case 'eth_accounts':
          return [address]
        case 'eth_chainId':
          return chainId
        case 'net_version':
          return String(${chainId})
        case 'wallet_switchEthereumChain':
          if (params?.[0]?.chainId?.toLowerCase() !== chainId)
            throw Object.assign(new Error('Unrecognized chain'), { code: 4902 })
          return null
        case 'personal_sign':
          return window.sigilTestWalletSign(params[0])
        default:
          throw Object.assign(new Error('Unsupported method: ' + method), { code: 4200 })
      }
    },
    on() {},
    removeListener() {},
  }
  const info = Object.freeze({
    uuid: '0b3e8a51-6f6a-4c1e-9d0e-5a7c2f1d9e01',
    name: 'Test Wallet',
    icon: 'data:image/svg+xml,%3Csvg xmlns=%22http://www.w3.org/2000/svg%22 viewBox=%220 0 1 1%22/%3E',
    rdns: 'dev.sigil.test-wallet',
  })
  const announce = () =>
    window.dispatchEvent(
      new CustomEvent('eip6963:announceProvider', { detail: Object.freeze({ info, provider }) }),
    )
  window.addEventListener('eip6963:requestProvider', announce)
  announce()
})()`

/** Waits for the step after a new user's sign-in: the offer to add a passkey (skipped), then the dashboard. */
async function skipPasskeyOffer(page: Page) {
  await page.getByRole('button', { name: 'Skip' }).click()
  await page.getByRole('heading', { name: 'Sign a message' }).waitFor()
}

describe('demo sign-in methods', () => {
  test(
    'behavior: with no browser wallet installed, the wallet step says so and links to wallets to install',
    slow,
    async () => {
      for (const width of [1280, 390]) {
        const page = await testbed.openDemo({ width, height: 800 })
        await page.getByRole('button', { name: 'Continue with a wallet' }).click()
        await page.getByText('No wallets available', { exact: true }).waitFor()
        await page.getByText(/^Install a browser wallet, then reload this page/).waitFor()
        const suggestions = page.getByRole('list', { name: 'Browser wallets to install' })
        expect(await suggestions.getByRole('link').allTextContents()).toEqual([
          'MetaMask',
          'Coinbase Wallet',
          'Rabby',
        ])
        await testbed.screenshot(page, `no-wallet-${width}`)
        await page.context().close()
      }
    },
  )

  test(
    "error: a wrong email code shows 'The code you entered is incorrect'; the right one then signs in ('Verified!', the dashboard)",
    slow,
    async () => {
      const page = await testbed.openDemo()
      const shot = (name: string) => testbed.screenshot(page, `wrong-code-${name}`)
      const email = 'wrong-code@example.com'
      await page.getByLabel('Email').fill(email)
      await page.getByRole('button', { name: 'Continue', exact: true }).click()
      await page.getByRole('heading', { name: 'Enter verification code' }).waitFor()
      const code = await testbed.readCode(email)
      await shot('1-enter-code')
      const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0')
      await page.getByLabel('Verification code').fill(wrong)
      await page.getByText('The code you entered is incorrect', { exact: true }).waitFor()
      expect(await page.getByText('The code you entered is incorrect', { exact: true }).count()).toBe(1)
      await shot('2-incorrect')

      await page.getByLabel('Verification code').fill(code)
      await page.getByText('Verified!', { exact: true }).waitFor()
      await shot('3-verified')
      await skipPasskeyOffer(page)
      await shot('4-dashboard')
      const account = page.getByRole('region', { name: 'Account', exact: true })
      expect(await account.getByText(email).count()).toBe(1)
      await page.context().close()
    },
  )

  test(
    "behavior: a wallet the page announces (EIP-6963) is listed under 'Select your wallet'; choosing it connects it and signs a message the demo verifies",
    slow,
    async () => {
      const account = privateKeyToAccount(generatePrivateKey())
      const page = await testbed.openDemo(undefined, {
        initScript: injectedWalletScript(account.address, devnetChainId),
      })
      await page.exposeFunction('sigilTestWalletSign', (message: Hex) =>
        account.signMessage({ message: { raw: message } }),
      )
      const shot = (name: string) => testbed.screenshot(page, `injected-wallet-${name}`)
      await page.getByRole('heading', { name: 'Sign in' }).waitFor()
      await page.getByRole('button', { name: 'Continue with a wallet' }).click()
      await page.getByRole('heading', { name: 'Select your wallet' }).waitFor()
      const wallet = page.getByRole('button', { name: 'Test Wallet' })
      await wallet.waitFor()
      await shot('1-select-wallet')
      await wallet.click()

      await page.getByRole('heading', { name: 'Sign a message' }).waitFor()
      await shot('2-dashboard')
      const shown = await page.getByRole('region', { name: 'Account', exact: true }).textContent()
      expect(shown).toContain(account.address)

      const message = page.getByRole('region', { name: 'Sign a message' })
      await message.getByLabel('Message').fill('Hello from the injected wallet')
      await message.getByRole('button', { name: 'Sign message' }).click()
      await message.getByText('Verified: signed by').waitFor()
      const signature = (await message.getByTestId('signature').textContent()) as Hex
      expect(
        await verifyMessage({
          address: account.address,
          message: 'Hello from the injected wallet',
          signature,
        }),
      ).toBe(true)
      await shot('3-message-signed')
      await page.context().close()
    },
  )

  test(
    'error: the WalletConnect entry without settings (`walletConnect: {}`) ends on "Couldn\'t connect to WalletConnect"',
    slow,
    async () => {
      const settings = { ...testbed.settings, walletConnect: {} }
      const page = await testbed.openDemo(undefined, {
        initScript: `window.__SIGIL_DEMO__ = ${JSON.stringify(settings)}`,
      })
      const shot = (name: string) => testbed.screenshot(page, `walletconnect-config-${name}`)
      await page.getByRole('button', { name: 'Continue with a wallet' }).click()
      await page.getByRole('heading', { name: 'Select your wallet' }).waitFor()
      await shot('1-select-wallet')
      await page.getByRole('button', { name: 'WalletConnect' }).click()
      await page.getByRole('heading', { name: "Couldn't connect to WalletConnect" }).waitFor()
      await page.getByText('The WalletConnect configuration is missing or incorrect.').waitFor()
      await shot('2-error')
      await page.context().close()
    },
  )
})
