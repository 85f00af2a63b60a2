import type { SignerClient } from '../client/SignerClient.js'
import { type MultiFactor, signerStatus } from '../types.js'

export type StartPendingMfaParameters = {
  orgId: string
  /** The server's MFA token for this sign-in. */
  encryptedPayload: string
  multiFactors: MultiFactor[]
  isNewUser?: boolean | undefined
}

/**
 * Parks a sign-in that the server stopped at its MFA gate (an OAuth popup or redirect answered
 * `MFA_REQUIRED`): the temporary session gets `encryptedPayload` and the first factor's id, and the
 * status becomes AWAITING_MFA_AUTH, exactly as after `/v1/otp`, so `validateMultiFactors` (and the
 * React kit's code step) finishes it. Returns false, changing nothing, when no factor is named.
 *
 * @example
 * if (startPendingMfa(signer, { orgId, encryptedPayload, multiFactors })) return waitForConnected(signer)
 */
export function startPendingMfa(
  client: SignerClient,
  { orgId, encryptedPayload, multiFactors, isNewUser }: StartPendingMfaParameters,
): boolean {
  const first = multiFactors[0]
  if (!first) return false
  const mfaFactors = multiFactors.map(({ multiFactorId, multiFactorType }) => ({
    multiFactorId,
    multiFactorType,
  }))
  client.sessions.setTemporarySession({
    orgId,
    ...(isNewUser === undefined ? {} : { isNewUser }),
    encryptedPayload,
    mfaFactorId: first.multiFactorId,
    mfaFactors,
  })
  client.store.setState({
    status: signerStatus.AWAITING_MFA_AUTH,
    mfaStatus: { mfaRequired: true, mfaFactorId: first.multiFactorId },
    error: undefined,
  })
  return true
}
