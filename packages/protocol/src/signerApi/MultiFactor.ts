/** A second factor the server lists (verified TOTP factors only). */
export type MultiFactor = { multiFactorId: string; multiFactorType: 'totp' | (string & {}) }

/** A code for a factor, sent to the server with a sign-in or an MFA-gated change. */
export type MultiFactorEntry = { multiFactorId: string; multiFactorCode: string }
