import type { SignerClient } from '../client/SignerClient.js'
import { SignerError } from '../errors/SignerError.js'
import type { AuthenticationStep } from '../types.js'
import { completeAuthWithBundle } from './completeAuthWithBundle.js'
import { startPendingMfa } from './startPendingMfa.js'
import { type SubmitJwtParameters, submitJwt } from './submitJwt.js'

export type AuthenticateWithJwtParameters = Omit<SubmitJwtParameters, 'authProvider'> & {
  /** Account Kit's name for `authProvider`. */
  authProviderId?: string | undefined
}

/**
 * The `custom-jwt` sign-in as one step: exchanges the token (`submitJwt`), then connects with the
 * bundle (`connectedJwt`; `isNewUser` when the token's user was just created) and answers `{ next:
 * 'done', user }`; or, for a user with a second factor, parks the sign-in at AWAITING_MFA_AUTH
 * (`startPendingMfa`) and answers `{ next: 'mfa', encryptedPayload, multiFactors }`.
 *
 * @example
 * const step = await authenticateWithJwt(signer, { jwt })
 * if (step.next === 'mfa') await validateMultiFactors(signer, { multiFactorCode })
 */
export async function authenticateWithJwt(
  client: SignerClient,
  { authProviderId, ...parameters }: AuthenticateWithJwtParameters,
): Promise<AuthenticationStep> {
  const answer = await submitJwt(client, { ...parameters, authProvider: authProviderId })
  if (answer.status === 'MFA_REQUIRED') {
    const parked = startPendingMfa(client, {
      orgId: answer.orgId,
      encryptedPayload: answer.encryptedPayload,
      multiFactors: answer.multiFactors,
      isNewUser: answer.isSignUp,
    })
    if (!parked) throw new SignerError('MFA is required for this user, but the server named no factor')
    return { next: 'mfa', encryptedPayload: answer.encryptedPayload, multiFactors: answer.multiFactors }
  }
  const user = await completeAuthWithBundle(client, {
    bundle: answer.credentialBundle,
    orgId: answer.orgId,
    connectedEventName: 'connectedJwt',
    authenticatingType: 'custom-jwt',
  })
  if (answer.isSignUp) client.store.setState({ isNewUser: true })
  return { next: 'done', user }
}
