import type { DemoSettings } from '../src/loadDemoSettings.js'

/**
 * The OAuth providers the Sigil server is configured with (its config file and `SIGIL_OAUTH_*`
 * variables, read as the server reads them), for the demo's 'Continue with …' buttons. No secrets
 * leave this function: only ids and whether each is a custom provider.
 *
 * @example
 * const providers = await readOauthProviders() // [{ id: 'google', isCustomProvider: false }]
 */
export async function readOauthProviders(
  env: NodeJS.ProcessEnv = process.env,
): Promise<NonNullable<DemoSettings['oauthProviders']>> {
  const { resolveConfig } = await import('@sigil/server')
  return resolveConfig({ env }).oauthProviders.map(({ id, isCustomProvider }) => ({ id, isCustomProvider }))
}
