import type { GetAuthenticatorsResponse } from '@sigil/protocol'
import type { SignerClient } from '../client/SignerClient.js'
import { requireUser } from '../store/requireUser.js'
import { requestPublicApi } from './requestPublicApi.js'

export type GetPasskeyStatusReturnType = {
  /** Whether the user has a passkey added by {@link addPasskey} (named `passkey-…`). */
  isPasskeyAdded: boolean
}

/**
 * Whether the signed-in user has added a passkey: lists the user's authenticators with a stamped
 * `query/get_authenticators` and looks for one named `passkey-…`. Throws `NotAuthenticatedError`
 * when nobody is signed in.
 *
 * @example
 * const { isPasskeyAdded } = await getPasskeyStatus(signer)
 * if (!isPasskeyAdded) await addPasskey(signer)
 */
export async function getPasskeyStatus(client: SignerClient): Promise<GetPasskeyStatusReturnType> {
  const { orgId, userId } = requireUser(client)
  const { authenticators } = await requestPublicApi<GetAuthenticatorsResponse>(
    client,
    'query/get_authenticators',
    { organizationId: orgId, userId },
  )
  return {
    isPasskeyAdded: authenticators.some(({ authenticatorName }) => authenticatorName.startsWith('passkey-')),
  }
}
