import { createPublicKey } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { parseArgs } from 'node:util'
import { createApp } from '../apps/createApp.js'
import { createStore } from '../store/createStore.js'
import { migrateToLatest } from '../store/migrateToLatest.js'
import { appCreateUsage } from './cliUsage.js'
import { joinDashedValues } from './joinDashedValues.js'
import { commonOptions, storeLocation } from './parseCliArgs.js'

/**
 * `sigil-server app create`: an app of the sign-in service. Prints `{appId, apiKey, …}` as its last
 * line; the API key is shown once and stored only as a hash. The JWT public key (PEM or JWK) comes from
 * `--jwt-public-key VALUE` (a PEM is taken as the value despite its leading dashes), `--jwt-public-key=VALUE`
 * or `--jwt-public-key-file PATH`; it must be a public key.
 */
export async function appCreateCommand(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args: joinDashedValues(args, ['jwt-public-key']),
    options: {
      ...commonOptions,
      name: { type: 'string' },
      origin: { type: 'string', multiple: true },
      'email-mode': { type: 'string' },
      'redirect-url': { type: 'string' },
      'jwt-public-key': { type: 'string' },
      'jwt-public-key-file': { type: 'string' },
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
  if (values['jwt-public-key'] !== undefined && values['jwt-public-key-file'] !== undefined)
    throw new Error('give --jwt-public-key or --jwt-public-key-file, not both')
  const jwtPublicKey =
    values['jwt-public-key-file'] !== undefined
      ? await readFile(values['jwt-public-key-file'], 'utf8')
      : values['jwt-public-key']
  if (jwtPublicKey !== undefined) checkJwtPublicKey(jwtPublicKey)
  const store = await createStore(storeLocation(values))
  try {
    await migrateToLatest(store.db)
    const { appId, apiKey } = await createApp(store.db, {
      name: values.name,
      origins: values.origin,
      emailMode,
      ...(values['redirect-url'] ? { redirectUrl: values['redirect-url'] } : {}),
      ...(jwtPublicKey ? { jwtPublicKey: jwtPublicKey.trim() } : {}),
      ...(values['oauth-provider']?.length ? { oauthProviderIds: values['oauth-provider'] } : {}),
      now: Date.now(),
    })
    console.log(JSON.stringify({ appId, apiKey, name: values.name, origins: values.origin, emailMode }))
  } finally {
    await store.close()
  }
}

/** A PEM (SPKI) or JWK public key; a private key is refused so that it is never stored. */
function checkJwtPublicKey(text: string): void {
  const trimmed = text.trim()
  let jwk: Record<string, unknown> | undefined
  if (trimmed.startsWith('{')) {
    try {
      jwk = JSON.parse(trimmed) as Record<string, unknown>
    } catch {
      throw new Error('the JWT public key is neither a PEM nor a JSON JWK')
    }
  }
  if (jwk ? 'd' in jwk : /PRIVATE KEY/.test(trimmed))
    throw new Error(
      'the JWT key is a private key: give its public key (PEM "PUBLIC KEY" or a JWK without "d")',
    )
  try {
    createPublicKey(jwk ? { key: jwk, format: 'jwk' } : trimmed)
  } catch {
    throw new Error('the JWT public key is not a valid PEM (BEGIN PUBLIC KEY) or JWK public key')
  }
}
