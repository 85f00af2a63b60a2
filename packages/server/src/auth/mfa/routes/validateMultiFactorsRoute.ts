import type { MultiFactor } from '@sigil/protocol'
import { z } from 'zod'
import { listVerifiedMultiFactors } from '../../../kms/auth/listVerifiedMultiFactors.js'
import { defineSignerRoute } from '../../../signin/defineSignerRoute.js'
import { multiFactorsSchema } from '../../../signin/signerSchemas.js'
import { mintSessionBundle, type SessionCredentialType } from '../../../users/mintSessionBundle.js'
import { consumeMfaToken } from '../consumeMfaToken.js'
import { mfaErrors } from '../mfaErrors.js'
import { readMfaToken } from '../readMfaToken.js'
import { requireMultiFactors } from '../requireMultiFactors.js'

const sessionCredentialTypes: readonly string[] = [
  'CREDENTIAL_TYPE_EMAIL_AUTH_KEY_P256',
  'CREDENTIAL_TYPE_OTP_AUTH_KEY_P256',
  'CREDENTIAL_TYPE_OAUTH_KEY_P256',
  'CREDENTIAL_TYPE_READ_WRITE_SESSION_KEY_P256',
] satisfies SessionCredentialType[]

/**
 * `POST /signer/v1/auth-validate-multi-factors {encryptedPayload, multiFactors}` (not stamped): the
 * second half of a sign-in that `/v1/otp` or the OAuth callback answered with `MFA_REQUIRED`.
 * Checks the TOTP codes for the token's user, then uses the token up and mints the session:
 * `{payload: {credentialBundle}, multiFactors}`. A wrong code (401 `Invalid MFA code`) leaves the
 * token usable for another try within its 5 minutes, up to 5 codes in all: the fifth wrong one kills
 * it. A used, killed, expired or tampered token is 401 `INVALID_MFA_TOKEN`; too many wrong codes for
 * the user across logins is 429.
 */
export const validateMultiFactorsRoute = defineSignerRoute({
  path: '/v1/auth-validate-multi-factors',
  schema: z.object({ encryptedPayload: z.string().min(1).max(4096), multiFactors: multiFactorsSchema }),
  async handle(
    ctx,
    request,
    body,
  ): Promise<{ payload: { credentialBundle: string }; multiFactors: MultiFactor[] }> {
    const token = await readMfaToken(ctx, body.encryptedPayload)
    const { payload } = token
    if (!sessionCredentialTypes.includes(payload.credentialType)) throw mfaErrors.invalidToken()
    await requireMultiFactors(ctx, {
      userId: payload.userId,
      multiFactors: body.multiFactors,
      ip: request.ip,
      pendingLogin: token,
    })
    await consumeMfaToken(ctx, token)
    const { credentialBundle } = await mintSessionBundle(ctx, {
      organizationId: payload.organizationId,
      userId: payload.userId,
      targetPublicKey: payload.targetPublicKey,
      expirationSeconds: payload.expirationSeconds,
      credentialType: payload.credentialType as SessionCredentialType,
    })
    return {
      payload: { credentialBundle },
      multiFactors: await listVerifiedMultiFactors(ctx, { userId: payload.userId }),
    }
  },
})
