import { type ActivityResponse, base64urlEncode } from '@sigil/protocol'
import type { SignerClient } from '../client/SignerClient.js'
import { SignerError } from '../errors/SignerError.js'
import { type CreatedPasskey, toPasskeyAttestation } from '../passkey/toPasskeyAttestation.js'
import { toPasskeyCreationOptions } from '../passkey/toPasskeyCreationOptions.js'
import { requireUser } from '../store/requireUser.js'
import { requestPublicApi } from './requestPublicApi.js'
import { toCreateAuthenticatorsBody } from './toCreateAuthenticatorsBody.js'
import { waitForActivity } from './waitForActivity.js'

export type AddPasskeyParameters = {
  /** Merged into the `navigator.credentials.create` options (defaults: docs/account-kit.md#constants). */
  creationOpts?: CredentialCreationOptions | undefined
}

/** The ids of the authenticators added. */
export type AddPasskeyReturnType = string[]

/**
 * Adds a passkey to the signed-in user (browser only): creates a WebAuthn credential with the
 * options of docs/account-kit.md#constants (32-byte random challenge, relying party `rpId` or the page's hostname,
 * algorithms -7 and -257, preferred resident key and user verification), submits a stamped
 * `create_authenticators` (V2) named `passkey-<ms>`, polls the activity every 500 ms until it
 * completes, and answers the new authenticator ids. The passkey can then sign the user in.
 *
 * @example
 * const [authenticatorId] = await addPasskey(signer)
 * await getPasskeyStatus(signer) // { isPasskeyAdded: true }
 */
export async function addPasskey(
  client: SignerClient,
  { creationOpts }: AddPasskeyParameters = {},
): Promise<AddPasskeyReturnType> {
  const { orgId, userId, email } = requireUser(client)
  const authenticatorName = `passkey-${Date.now()}`
  const options = toPasskeyCreationOptions({
    name: email ?? authenticatorName,
    rpId: client.config.rpId ?? globalThis.location.hostname,
    creationOpts,
  })
  const credential = (await globalThis.navigator.credentials.create(
    options,
  )) as unknown as CreatedPasskey | null
  if (!credential) throw new SignerError('No passkey was created')
  const body = toCreateAuthenticatorsBody({
    organizationId: orgId,
    userId,
    authenticator: {
      authenticatorName,
      challenge: base64urlEncode(options.publicKey.challenge as Uint8Array),
      attestation: toPasskeyAttestation(credential),
    },
  })
  const { activity } = await requestPublicApi<ActivityResponse>(client, 'submit/create_authenticators', body)
  const completed = await waitForActivity(client, { activity })
  const result = completed.result.createAuthenticatorsResult as { authenticatorIds: string[] }
  return result.authenticatorIds
}
