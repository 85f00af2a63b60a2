import { join } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { build } from 'vite'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { buildOnce } from '../../../test/vitest/buildOnce.js'
import { launchChromium } from '../../signer/test/browser/launchChromium.js'
import { type BuiltPage, serveBuiltPage } from './serveBuiltPage.js'

/**
 * docs/provider.md#eip-6963 in headless Chromium: a page (`eip6963Page/`, built once per run with Vite) calls
 * `announceSigilProvider(createSigilProvider(config))`. A picker script added before the page's scripts
 * hears the announcement as the page loads and again when it dispatches `eip6963:requestProvider`; the
 * announced provider answers EIP-1193 requests; wagmi, made after the announcement, discovers Sigil among its
 * connectors by the same rdns, name and icon, and the icon renders. No server or devnet: signed out, the
 * provider needs neither.
 */
const pageRoot = join(import.meta.dirname, 'eip6963Page')

let pageServer: BuiltPage | undefined
let browser: Browser | undefined
beforeAll(async () => {
  const pageDir = await buildOnce('eip6963-page', (outDir) =>
    build({
      root: pageRoot,
      configFile: join(pageRoot, 'vite.config.ts'),
      logLevel: 'error',
      build: { outDir, emptyOutDir: true },
    }),
  )
  pageServer = await serveBuiltPage(pageDir)
  browser = await launchChromium()
}, 300_000)

afterAll(async () => {
  await browser?.close()
  await pageServer?.close()
})

type Heard = { info: { uuid: string; name: string; icon: string; rdns: string }; frozen: boolean }

/** The picker: records each `eip6963:announceProvider` detail, from before the page's own scripts run. */
function listenForAnnouncements() {
  const heard: { info: unknown; provider: unknown; frozen: boolean }[] = []
  window.addEventListener('eip6963:announceProvider', (event) => {
    const { detail } = event as CustomEvent<{ info: unknown; provider: unknown }>
    heard.push({
      info: { ...(detail.info as object) },
      provider: detail.provider,
      frozen: Object.isFrozen(detail),
    })
  })
  ;(window as unknown as { __heard: typeof heard }).__heard = heard
}

const openPage = async (): Promise<Page> => {
  const page = await browser!.newPage()
  await page.addInitScript(listenForAnnouncements)
  await page.goto(`${pageServer!.url}/`)
  await page.waitForFunction(() => '__eip6963Page' in window)
  return page
}

describe('EIP-6963 in Chromium', () => {
  test('default: announceSigilProvider announces Sigil (name, SVG data-URI icon, rdns org.sigil, a uuid) on load and again on eip6963:requestProvider; the announced provider answers requests; wagmi lists it', async () => {
    const page = await openPage()
    try {
      const sigil = (all: Heard[]) => all.filter(({ info }) => info.rdns === 'org.sigil')
      const atLoad = sigil(
        await page.evaluate(() =>
          (window as unknown as { __heard: Heard[] }).__heard.map(({ info, frozen }) => ({ info, frozen })),
        ),
      )
      expect(atLoad.length).toBeGreaterThanOrEqual(1)
      const [first] = atLoad
      expect(first).toEqual({
        info: {
          uuid: expect.stringMatching(
            /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
          ),
          name: 'Sigil',
          icon: expect.stringMatching(/^data:image\/svg\+xml;base64,/),
          rdns: 'org.sigil',
        },
        frozen: true,
      })

      // A picker asks again: the same detail (same uuid, same provider object) comes back.
      const answer = await page.evaluate(async () => {
        const heard = (window as unknown as { __heard: { info: { rdns: string }; provider: unknown }[] })
          .__heard
        const before = heard.length
        window.dispatchEvent(new Event('eip6963:requestProvider'))
        const again = heard.slice(before).filter(({ info }) => info.rdns === 'org.sigil')
        const provider = again[0]?.provider as
          | { request(request: { method: string; params?: unknown }): Promise<unknown> }
          | undefined
        const firstSigil = heard.find(({ info }) => info.rdns === 'org.sigil')
        const refused = await provider?.request({ method: 'eth_sign', params: [] }).then(
          () => undefined,
          (error: { code?: number }) => error.code,
        )
        return {
          count: again.length,
          sameProvider: again[0]?.provider === firstSigil?.provider,
          info: again[0]?.info,
          chainId: await provider?.request({ method: 'eth_chainId' }),
          accounts: await provider?.request({ method: 'eth_accounts' }),
          capabilities: await provider?.request({ method: 'wallet_getCapabilities', params: [] }),
          refused,
        }
      })
      expect(answer).toEqual({
        count: 1,
        sameProvider: true,
        info: first!.info,
        chainId: '0x7a69',
        accounts: [],
        capabilities: { '0x7a69': { atomic: { status: 'supported' } } },
        refused: 4200,
      })

      // wagmi's EIP-6963 store (a picker library) found it: an injected connector by Sigil's rdns, name and icon.
      const listed = page.locator('li[data-id="org.sigil"]')
      await expect.poll(() => listed.count()).toBe(1)
      expect(await listed.getAttribute('data-type')).toBe('injected')
      expect(await listed.textContent()).toBe('Sigil')
      const icon = listed.locator('img')
      expect(await icon.getAttribute('src')).toBe(first!.info.icon)
      await expect
        .poll(() => icon.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth))
        .toBeGreaterThan(0)
    } finally {
      await page.close()
    }
  })
})
