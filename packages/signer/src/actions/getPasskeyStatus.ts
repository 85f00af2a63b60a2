import type { GetAuthenticatorsResponse } from '@sigil/protocol'
import type { Signer } from '../Signer.js'
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
export async function getPasskeyStatus(signer: Signer): Promise<GetPasskeyStatusReturnType> {
  const { orgId, userId } = requireUser(signer)
  const { authenticators } = await requestPublicApi<GetAuthenticatorsResponse>(
    signer,
    'query/get_authenticators',
    { organizationId: orgId, userId },
  )
  return {
    isPasskeyAdded: authenticators.some(({ authenticatorName }) => authenticatorName.startsWith('passkey-')),
  }
}
