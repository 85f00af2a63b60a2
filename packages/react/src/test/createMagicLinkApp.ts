import { createApp } from '../../../server/src/apps/createApp.js'
import { testAppOrigin } from '../../../server/src/test/createTestServer.js'
import { testRpcUrl } from '../../../signer/src/test/createSignerTestbed.js'
import type { ReactTestbed } from './createReactTestbed.js'

/**
 * Test helper: a second app on the testbed's server whose email sign-in sends links (magic-link
 * mode), and `openLink`, which follows the newest link mailed to an address as a browser would and
 * gives the return's `bundle`, `orgId` and `aa-is-signup`. The server's users belong to one app.
 *
 * @example
 * const magic = await createMagicLinkApp(testbed)
 * const config = testbed.createConfig({ connection: magic.connection })
 * const { bundle, orgId } = await magic.openLink('ada@example.com')
 */
export async function createMagicLinkApp(testbed: ReactTestbed) {
  const { apiKey } = await createApp(testbed.server.store.db, {
    name: 'link app',
    origins: [testAppOrigin],
    emailMode: 'magic-link',
    redirectUrl: `${testAppOrigin}/auth/return`,
    now: Date.now(),
  })
  return {
    connection: { rpcUrl: testRpcUrl, apiKey },
    async openLink(email: string) {
      const link = new URL(await testbed.readCode(email))
      const landing = await testbed.server.app.request(link.pathname + link.search)
      const location = new URL(landing.headers.get('location') ?? 'about:blank')
      return {
        bundle: location.searchParams.get('bundle') ?? '',
        orgId: location.searchParams.get('orgId') ?? '',
        isSignup: location.searchParams.get('aa-is-signup') === 'true',
      }
    },
  }
}
