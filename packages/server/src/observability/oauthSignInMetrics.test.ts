import { afterAll, beforeAll, expect, test } from 'vitest'
import { type OauthTestbed, startOauthTestbed } from '../auth/oauth/test/startOauthTestbed.js'

/** OAuth sign-ins count under method `oauth`: a login through a real OIDC provider and callback. */

let testbed: OauthTestbed
beforeAll(async () => {
  testbed = await startOauthTestbed('sqlite')
})
afterAll(() => testbed?.close())

test('behavior: an OAuth login through the callback counts as an oauth success', async () => {
  const signIns = testbed.server.app.sigil.metrics.signIns
  const count = async (outcome: string) =>
    (await signIns.get()).values.find(
      (each) => each.labels.method === 'oauth' && each.labels.outcome === outcome,
    )?.value ?? 0
  expect(await count('success')).toBe(0)
  const login = await testbed.login({ subject: 'metrics' })
  expect(login.response.status).toBe(302)
  expect(login.appUrl?.searchParams.get('alchemy-bundle')).toBeTruthy()
  expect(await count('success')).toBe(1)
  expect(await count('failure')).toBe(0)
})
