/**
 * What an MFA token (`encryptedPayload`) carries: the login that is waiting for its second factor.
 * `/v1/auth-validate-multi-factors` mints the session bundle from it once the TOTP code checks.
 */
export type MfaTokenPayload = {
  /** The user's sub-organization. */
  organizationId: string
  userId: string
  /** The client key the credential bundle is sealed to. */
  targetPublicKey: string
  /** The session lifetime the client asked for. */
  expirationSeconds?: number
  /** Credential type of the session key, e.g. `CREDENTIAL_TYPE_OTP_AUTH_KEY_P256`. */
  credentialType: string
}
