import type { SignerClient } from '../client/SignerClient.js'
import { request } from '../transport/request.js'
import type { MultiFactor, MultiFactorProof } from '../types.js'
import { toExpirationSeconds } from './toExpirationSeconds.js'

export type InitEmailAuthParameters = {
  email: string
  emailMode?: 'magicLink' | 'otp' | undefined
  redirectParams?: URLSearchParams | undefined
  multiFactors?: MultiFactorProof[] | undefined
}

export type InitEmailAuthReturnType = { orgId: string; otpId?: string; multiFactors?: MultiFactor[] }

/**
 * Sends an existing user a sign-in code or link (`/v1/auth`), bound to the key frame's public key.
 * Emits `authenticating {type:'otp'}`. Throws `MfaRequiredError` when the user has a second factor
 * and a magic link was asked for without `multiFactors`.
 *
 * @example
 * const { orgId, otpId } = await initEmailAuth(signer, { email: 'ada@example.com' })
 */
export async function initEmailAuth(
  client: SignerClient,
  parameters: InitEmailAuthParameters,
): Promise<InitEmailAuthReturnType> {
  client.events.emit('authenticating', { type: 'otp' })
  const targetPublicKey = await client.sessionStamper.init()
  return request(client, '/v1/auth', {
    email: parameters.email,
    emailMode: parameters.emailMode,
    targetPublicKey,
    expirationSeconds: toExpirationSeconds(client),
    redirectParams: parameters.redirectParams?.toString(),
    multiFactors: parameters.multiFactors,
  })
}
