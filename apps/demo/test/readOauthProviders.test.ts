import { expect, test } from 'vitest'
import { readOauthProviders } from '../scripts/readOauthProviders.js'

test('default: the OAuth providers the server is configured with, as ids only (no client secrets)', async () => {
  const providers = await readOauthProviders({
    SIGIL_OAUTH_GOOGLE_CLIENT_ID: 'abc.apps.googleusercontent.com',
    SIGIL_OAUTH_GOOGLE_CLIENT_SECRET: 'GOCSPX-secret',
    SIGIL_OAUTH_CORP_ISSUER: 'https://id.corp.example',
    SIGIL_OAUTH_CORP_CLIENT_ID: 'sigil',
  })
  expect(providers).toHaveLength(2)
  expect(providers).toEqual(
    expect.arrayContaining([
      { id: 'google', isCustomProvider: false },
      { id: 'corp', isCustomProvider: true },
    ]),
  )
})

test('behavior: none configured, none listed', async () => {
  expect(await readOauthProviders({})).toEqual([])
})
