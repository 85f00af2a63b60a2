/**
 * A second factor the server lists (verified factors only): `totp` (an authenticator app) or `sms`
 * (Sigil's extension: codes texted to the user's proven phone number, docs/protocol.md). `createdAt` is Sigil's additive
 * extension (docs/protocol.md, "Two-factor codes"): when the factor was added, as an ISO 8601 string,
 * in the answers to the signed-in user (list, verify, delete); other answers and Account Kit's server
 * leave it out.
 */
export type MultiFactor = {
  multiFactorId: string
  multiFactorType: 'totp' | 'sms' | (string & {})
  createdAt?: string | undefined
}

/** A code for a factor, sent to the server with a sign-in or an MFA-gated change. */
export type MultiFactorEntry = { multiFactorId: string; multiFactorCode: string }

/**
 * Sigil's extension (docs/protocol.md, "Recovery codes"): one of the user's single-use recovery
 * codes (`ABCDE-FGHJK`, case and dashes ignored), sent alone in a `multiFactors` array in place of a
 * TOTP code. It passes the same MFA gate once and is then used up.
 */
export type RecoveryCodeEntry = { recoveryCode: string }

/** What a `multiFactors` array of a request holds: TOTP codes, or one recovery code alone. */
export type MultiFactorProof = MultiFactorEntry | RecoveryCodeEntry
