import { parseArgs } from 'node:util'
import { createApp } from '../apps/createApp.js'
import { createStore } from '../store/createStore.js'
import { migrateToLatest } from '../store/migrateToLatest.js'
import { commonOptions, storeLocation } from './parseCliArgs.js'

export const appCreateUsage =
  'sigil-server app create --name NAME --origin URL [--origin URL…] [--email-mode otp|magic-link] [--redirect-url URL] [--jwt-public-key PEM_OR_JWK] [--oauth-provider ID…] [--data-dir ./.sigil] [--database-url URL]'

/**
 * `sigil-server app create`: an app of the sign-in service. Prints `{appId, apiKey, …}` as its last
 * line; the API key is shown once and stored only as a hash.
 */
export async function appCreateCommand(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: {
      ...commonOptions,
      name: { type: 'string' },
      origin: { type: 'string', multiple: true },
      'email-mode': { type: 'string' },
      'redirect-url': { type: 'string' },
      'jwt-public-key': { type: 'string' },
      'oauth-provider': { type: 'string', multiple: true },
    },
    strict: true,
  })
  if (values.help) return void console.log(appCreateUsage)
  if (!values.name) throw new Error(`--name is required\nusage: ${appCreateUsage}`)
  if (!values.origin?.length) throw new Error(`at least one --origin is required\nusage: ${appCreateUsage}`)
  const emailMode = values['email-mode'] ?? 'otp'
  if (emailMode !== 'otp' && emailMode !== 'magic-link')
    throw new Error(`--email-mode must be otp or magic-link, got ${emailMode}`)
  const store = await createStore(storeLocation(values))
  try {
    await migrateToLatest(store.db)
    const { appId, apiKey } = await createApp(store.db, {
      name: values.name,
      origins: values.origin,
      emailMode,
      ...(values['redirect-url'] ? { redirectUrl: values['redirect-url'] } : {}),
      ...(values['jwt-public-key'] ? { jwtPublicKey: values['jwt-public-key'] } : {}),
      ...(values['oauth-provider']?.length ? { oauthProviderIds: values['oauth-provider'] } : {}),
      now: Date.now(),
    })
    console.log(JSON.stringify({ appId, apiKey, name: values.name, origins: values.origin, emailMode }))
  } finally {
    await store.close()
  }
}
