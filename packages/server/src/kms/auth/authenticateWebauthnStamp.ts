import {
  base64urlDecode,
  getWebauthnExpectedChallenge,
  InvalidStampError,
  parseWebauthnStamp,
} from '@sigil/protocol'
import { verifyAuthenticationResponse } from '@simplewebauthn/server'
import type { SigilContext } from '../../SigilContext.js'
import { authenticationErrors } from './authenticationErrors.js'
import { getWebauthnExpectations } from './getWebauthnExpectations.js'
import type { Principal } from './Principal.js'
import { requirePasskeyUserVerification } from './requirePasskeyUserVerification.js'

/**
 * Checks an `X-Stamp-Webauthn` header: a passkey assertion whose challenge is
 * base64url(UTF-8(hex(SHA-256(body)))), signed by a registered authenticator, for an allowed
 * origin and relying party. Advances the stored signature counter.
 *
 * The credential id names one row server-wide (migration 0007's unique index); the assertion is verified
 * against that row's stored key, and only that row's user and organization are returned: a stamp is
 * granted only the principal whose stored key verified it.
 *
 * @example
 * const principal = await authenticateWebauthnStamp(ctx, { header, body: raw })
 */
export async function authenticateWebauthnStamp(
  ctx: SigilContext,
  { header, body }: { header: string; body: string },
): Promise<Principal> {
  let stamp: ReturnType<typeof parseWebauthnStamp>
  try {
    stamp = parseWebauthnStamp(header)
  } catch (cause) {
    throw authenticationErrors.malformedStamp(
      cause instanceof InvalidStampError ? cause.details : undefined,
      cause,
    )
  }
  const rows = await ctx.store.db
    .selectFrom('authenticators')
    .select(['id', 'organization_id', 'user_id', 'credential_id', 'cose_public_key', 'counter'])
    .where('credential_id', '=', stamp.credentialId)
    .limit(2)
    .execute()
  const row = rows[0]
  if (!row) throw authenticationErrors.credentialNotFound()
  // Unreachable with the unique index; never verify against one row and grant another.
  if (rows.length > 1) throw authenticationErrors.ambiguousCredential()
  const expected = await getWebauthnExpectations(ctx)
  let newCounter: number
  let userVerified: boolean
  try {
    const verification = await verifyAuthenticationResponse({
      response: {
        id: stamp.credentialId,
        rawId: stamp.credentialId,
        type: 'public-key',
        clientExtensionResults: {},
        response: {
          authenticatorData: stamp.authenticatorData,
          clientDataJSON: stamp.clientDataJson,
          signature: stamp.signature,
        },
      },
      expectedChallenge: getWebauthnExpectedChallenge(body),
      expectedOrigin: expected.origins,
      expectedRPID: expected.rpIds,
      expectedType: 'webauthn.get',
      requireUserVerification: false,
      credential: {
        id: row.credential_id,
        publicKey: new Uint8Array(base64urlDecode(row.cose_public_key)),
        counter: Number(row.counter),
      },
    })
    if (!verification.verified) throw new Error('assertion not verified')
    newCounter = verification.authenticationInfo.newCounter
    userVerified = verification.authenticationInfo.userVerified
  } catch (cause) {
    throw authenticationErrors.badWebauthnSignature(cause instanceof Error ? cause.message : undefined)
  }
  // The MFA gate for passkeys (docs/security.md): a user with a TOTP factor needs the UV flag.
  await requirePasskeyUserVerification(ctx, { userId: row.user_id, userVerified })
  if (newCounter > Number(row.counter))
    await ctx.batcher.run((trx) =>
      trx
        .updateTable('authenticators')
        .set({ counter: newCounter, updated_at: ctx.now() })
        .where('id', '=', row.id)
        .where('counter', '<', newCounter)
        .execute(),
    )
  return {
    userId: row.user_id,
    organizationId: row.organization_id,
    credential: { kind: 'authenticator', authenticatorId: row.id, credentialId: row.credential_id },
  }
}
