import { base64urlDecode } from '@sigil/protocol'
import { z } from 'zod'
import type { SigilContext } from '../../SigilContext.js'
import type { MfaTokenPayload } from './MfaTokenPayload.js'
import { mfaErrors } from './mfaErrors.js'

export type ReadMfaTokenReturnType = {
  payload: MfaTokenPayload
  /** Token id, marked used by `consumeMfaToken`. */
  jti: string
  /** Unix ms after which the token is refused. */
  expiresAt: number
}

const tokenSchema = z.object({
  v: z.literal(1),
  jti: z.string().min(1),
  exp: z.number().int(),
  organizationId: z.string().min(1),
  userId: z.string().min(1),
  targetPublicKey: z.string().min(1),
  expirationSeconds: z.number().optional(),
  credentialType: z.string().min(1),
})

/**
 * Opens an MFA token without using it up: refuses (401 `invalid or expired MFA token`) one that
 * does not open under this server's key, is expired, or was already used. Check the second factor,
 * then call `consumeMfaToken`, so a mistyped code does not cost the pending login.
 *
 * @example
 * const token = await readMfaToken(ctx, body.encryptedPayload)
 * await requireMultiFactors(ctx, { userId: token.payload.userId, multiFactors: body.multiFactors })
 * await consumeMfaToken(ctx, token)
 */
export async function readMfaToken(
  ctx: SigilContext,
  encryptedPayload: string,
): Promise<ReadMfaTokenReturnType> {
  let token: z.output<typeof tokenSchema>
  try {
    const plaintext = ctx.vault.open(new TextDecoder().decode(base64urlDecode(encryptedPayload)), 'mfa-token')
    token = tokenSchema.parse(JSON.parse(new TextDecoder().decode(plaintext)))
  } catch (cause) {
    throw mfaErrors.invalidToken(cause)
  }
  if (ctx.now() >= token.exp) throw mfaErrors.invalidToken()
  const used = await ctx.store.db
    .selectFrom('single_use_tokens')
    .select('id')
    .where('id', '=', token.jti)
    .executeTakeFirst()
  if (used) throw mfaErrors.invalidToken()
  return {
    payload: {
      organizationId: token.organizationId,
      userId: token.userId,
      targetPublicKey: token.targetPublicKey,
      ...(token.expirationSeconds === undefined ? {} : { expirationSeconds: token.expirationSeconds }),
      credentialType: token.credentialType,
    },
    jti: token.jti,
    expiresAt: token.exp,
  }
}
