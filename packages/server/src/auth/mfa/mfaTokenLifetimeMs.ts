/** How long an MFA token (`encryptedPayload`) may wait for its TOTP code: 5 minutes. */
export const mfaTokenLifetimeMs = 5 * 60 * 1000
