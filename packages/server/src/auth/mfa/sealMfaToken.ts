import { base64urlEncode } from '@sigil/protocol'
import { createId } from '../../ids/createId.js'
import type { SigilContext } from '../../SigilContext.js'
import type { MfaTokenPayload } from './MfaTokenPayload.js'
import { mfaTokenLifetimeMs } from './mfaTokenLifetimeMs.js'

/**
 * Seals a login waiting for its second factor into an opaque `encryptedPayload`: the payload plus a
 * fresh token id (`jti`) and an expiry 5 minutes out, AES-256-GCM-sealed by the vault under the
 * master key (aad `mfa-token`), base64url. Only this server can read or forge it; it is accepted
 * once (see `openMfaToken`).
 *
 * @example
 * const encryptedPayload = sealMfaToken(ctx, { organizationId, userId, targetPublicKey, expirationSeconds, credentialType: 'CREDENTIAL_TYPE_OTP_AUTH_KEY_P256' })
 * return { status: 'MFA_REQUIRED', encryptedPayload, multiFactors }
 */
export function sealMfaToken(ctx: SigilContext, payload: MfaTokenPayload): string {
  const token = {
    v: 1,
    jti: createId(),
    exp: ctx.now() + mfaTokenLifetimeMs,
    organizationId: payload.organizationId,
    userId: payload.userId,
    targetPublicKey: payload.targetPublicKey,
    ...(payload.expirationSeconds === undefined ? {} : { expirationSeconds: payload.expirationSeconds }),
    credentialType: payload.credentialType,
  }
  return base64urlEncode(ctx.vault.seal(new TextEncoder().encode(JSON.stringify(token)), 'mfa-token'))
}
