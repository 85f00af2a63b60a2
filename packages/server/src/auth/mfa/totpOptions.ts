/**
 * The TOTP parameters every authenticator app supports (RFC 6238 defaults): SHA-1, 6 digits, 30 s
 * steps; a code is accepted from the step before to the step after the server's (±30 s of drift).
 */
export const totpOptions = {
  algorithm: 'sha1',
  digits: 6,
  period: 30,
  /** Seconds of clock drift accepted either way: one step. */
  epochTolerance: 30,
} as const
