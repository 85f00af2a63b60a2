import { oauthReturnParameters } from '@sigil/protocol'
import type { SignerClient } from '../client/SignerClient.js'
import type { User } from '../types.js'
import { authenticate } from './authenticate.js'
import { startPendingMfa } from './startPendingMfa.js'
import { toMultiFactors } from './toMultiFactors.js'

/**
 * The query parameters a return from a magic link or an OAuth redirect carries (docs/protocol.md#sign-in-flows), and
 * `alchemy-is-signup`, React Native's sign-up flag, which the OAuth callback sends as well: it is
 * removed with the others (the web signer reads `aa-is-signup`).
 */
export const returnQueryParameters = ['bundle', 'orgId', ...oauthReturnParameters] as const

/**
 * Finishes a sign-in that comes back to the page in its address: reads the query parameters of
 * docs/protocol.md#sign-in-flows, removes them (`history.replaceState`), then signs in with the magic link's `bundle` or
 * the OAuth `alchemy-bundle`/`alchemy-org-id`/`alchemy-id-token`; `alchemy-error` becomes the
 * state's error (`OauthError`). `alchemy-status=MFA_REQUIRED` (a user with a TOTP factor: no bundle,
 * an `alchemy-encrypted-payload` and `alchemy-mfa-factors` instead) leaves the signer
 * AWAITING_MFA_AUTH for `validateMultiFactors`. Resolves with the user, or undefined when there was
 * nothing to do or a code is awaited. `createSigner` calls it at start.
 *
 * @example
 * const user = await handleRedirectReturn(signer)
 */
export async function handleRedirectReturn(client: SignerClient): Promise<User | undefined> {
  const location = client.window?.location
  if (!location) return undefined
  const url = new URL(location.href)
  const found = Object.fromEntries(
    returnQueryParameters.map((name) => [name, url.searchParams.get(name) ?? undefined]),
  ) as Record<(typeof returnQueryParameters)[number], string | undefined>
  if (!returnQueryParameters.some((name) => url.searchParams.has(name))) return undefined
  for (const name of returnQueryParameters) url.searchParams.delete(name)
  client.window?.history?.replaceState(null, '', url.href)

  const isNewUser = found['aa-is-signup'] === 'true'
  if (
    found['alchemy-status'] === 'MFA_REQUIRED' &&
    found['alchemy-org-id'] &&
    found['alchemy-encrypted-payload'] &&
    startPendingMfa(client, {
      orgId: found['alchemy-org-id'],
      encryptedPayload: found['alchemy-encrypted-payload'],
      multiFactors: toMultiFactors(found['alchemy-mfa-factors']),
    })
  )
    return undefined
  if (found['alchemy-error'])
    client.store.setState({ error: { name: 'OauthError', message: found['alchemy-error'] } })
  if (found.bundle)
    return authenticate(client, { type: 'email', bundle: found.bundle, orgId: found.orgId, isNewUser })
  if (found['alchemy-bundle'] && found['alchemy-org-id'] && found['alchemy-id-token'])
    return authenticate(client, {
      type: 'oauthReturn',
      bundle: found['alchemy-bundle'],
      orgId: found['alchemy-org-id'],
      idToken: found['alchemy-id-token'],
      isNewUser,
    })
  return undefined
}
