import type { SigilContext } from '../../SigilContext.js'
import { consumeMfaToken } from './consumeMfaToken.js'
import type { MfaTokenPayload } from './MfaTokenPayload.js'
import { readMfaToken } from './readMfaToken.js'

/**
 * Opens an MFA token made by `sealMfaToken` and uses it up at once: refuses (401
 * `invalid or expired MFA token`, `INVALID_MFA_TOKEN`) a tampered, foreign, expired or already-used
 * token. When a second factor must be checked in between, use `readMfaToken` → check →
 * `consumeMfaToken` instead, as `/v1/auth-validate-multi-factors` does.
 *
 * @example
 * const { userId, organizationId, targetPublicKey } = await openMfaToken(ctx, body.encryptedPayload)
 */
export async function openMfaToken(ctx: SigilContext, token: string): Promise<MfaTokenPayload> {
  const read = await readMfaToken(ctx, token)
  await consumeMfaToken(ctx, read)
  return read.payload
}
