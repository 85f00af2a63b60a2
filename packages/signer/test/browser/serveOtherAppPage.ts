import { createApp } from '../../../server/src/apps/createApp.js'
import { type PlainPage, servePlainPage } from './servePlainPage.js'
import type { BrowserTestbed } from './startBrowserTestbed.js'

export type OtherAppPage = PlainPage & {
  /** The id of the app made for the page's origin (not the test app). */
  appId: string
}

/**
 * A plain page on another port of the test app's site ({@link servePlainPage}) and an app of its own
 * in the testbed's server that allows its origin: another tenant on the same site.
 *
 * @example
 * const tenantB = await serveOtherAppPage(testbed, 'Tenant B')
 * await page.goto(`${tenantB.url}/`)
 */
export async function serveOtherAppPage(testbed: BrowserTestbed, title: string): Promise<OtherAppPage> {
  const page = await servePlainPage(title)
  const { appId } = await createApp(testbed.server.store.db, {
    name: title,
    origins: [page.url],
    now: Date.now(),
  })
  return { ...page, appId }
}
