/**
 * The `method` label of `sigil_sign_ins_total` for a sign-in API route (`/signer` paths) and its validated
 * body, or undefined for routes that are not a sign-in: email codes (`/v1/otp`), sign-ups, MFA, and the
 * stamped `/v1/whoami` that completes a passkey (WebAuthn stamp) or session-key sign-in.
 *
 * @example
 * signInMethodOf('/v1/otp', body) // 'email'
 */
export function signInMethodOf(path: string, body: unknown): string | undefined {
  switch (path) {
    case '/v1/otp':
      return 'email'
    case '/v1/signup':
      return 'signup'
    case '/v1/auth-verify-multi-factor':
      return 'mfa'
    case '/v1/whoami': {
      const stamp = (body as { stampedRequest?: { stamp?: { stampHeaderName?: string } } }).stampedRequest
        ?.stamp
      return stamp?.stampHeaderName?.toLowerCase() === 'x-stamp-webauthn' ? 'passkey' : 'session'
    }
    default:
      return undefined
  }
}
