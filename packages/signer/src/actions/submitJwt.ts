import type { JwtAuthResponse, JwtMfaRequiredData } from '@sigil/protocol'
import type { SignerClient } from '../client/SignerClient.js'
import { MfaRequiredError } from '../errors/MfaRequiredError.js'
import { SignerRequestError } from '../errors/SignerRequestError.js'
import { request } from '../transport/request.js'
import type { MultiFactorProof } from '../types.js'
import { toExpirationSeconds } from './toExpirationSeconds.js'

export type SubmitJwtParameters = {
  /** The JWT the app's backend minted for its signed-in user. */
  jwt: string
  /** Account Kit's `authProvider` (`authProviderId`): sent along, not needed by Sigil. */
  authProvider?: string | undefined
  expirationSeconds?: number | undefined
  /** TOTP codes (or one recovery code) for a user with a second factor, sent with the token. */
  multiFactors?: MultiFactorProof[] | undefined
}

export type SubmitJwtReturnType =
  | ({ status: 'SUCCESS' } & JwtAuthResponse)
  | ({ status: 'MFA_REQUIRED' } & JwtMfaRequiredData)

/**
 * Exchanges a custom JWT for a credential bundle (`/v1/auth-jwt`, sealed to the session key holder's
 * target key; docs/custom-jwt.md). Emits `authenticating {type:'custom-jwt'}`. A user with a second
 * factor (and no `multiFactors`) answers `MFA_REQUIRED` with the MFA token
 * `validateMultiFactors` finishes with; any other refusal throws `SignerRequestError` (`code`
 * `JWT_EXPIRED`, `JWT_REPLAYED`, …).
 *
 * @example
 * const answer = await submitJwt(signer, { jwt })
 * if (answer.status === 'SUCCESS') await completeAuthWithBundle(signer, { bundle: answer.credentialBundle, orgId: answer.orgId, connectedEventName: 'connectedJwt', authenticatingType: 'custom-jwt' })
 */
export async function submitJwt(
  client: SignerClient,
  { jwt, authProvider, expirationSeconds, multiFactors }: SubmitJwtParameters,
): Promise<SubmitJwtReturnType> {
  client.events.emit('authenticating', { type: 'custom-jwt' })
  const targetPublicKey = await client.sessionStamper.init()
  try {
    const answer = await request(client, '/v1/auth-jwt', {
      jwt,
      targetPublicKey,
      authProvider,
      expirationSeconds: expirationSeconds ?? toExpirationSeconds(client),
      multiFactors,
    })
    return { status: 'SUCCESS', ...answer }
  } catch (error) {
    const data = error instanceof MfaRequiredError ? readMfaData(error.cause) : undefined
    if (data) return { status: 'MFA_REQUIRED', ...data }
    throw error
  }
}

/** The MFA token of a `MFA_REQUIRED` answer of `/v1/auth-jwt`, from the error's body. */
function readMfaData(cause: unknown): JwtMfaRequiredData | undefined {
  if (!(cause instanceof SignerRequestError)) return undefined
  try {
    const { data } = JSON.parse(cause.shortMessage) as { data?: Partial<JwtMfaRequiredData> }
    if (
      typeof data?.encryptedPayload !== 'string' ||
      typeof data.orgId !== 'string' ||
      !Array.isArray(data.multiFactors)
    )
      return undefined
    return {
      encryptedPayload: data.encryptedPayload,
      orgId: data.orgId,
      multiFactors: data.multiFactors,
      isSignUp: data.isSignUp === true,
    }
  } catch {
    return undefined
  }
}
