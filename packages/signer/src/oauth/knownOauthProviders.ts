/** The providers whose defaults the SDK knows (docs/protocol.md#oauth-state-and-nonce). */
export type KnownAuthProvider = 'google' | 'apple' | 'facebook' | 'twitch' | 'auth0'

/** Defaults applied to known (non-custom) providers only. */
export const knownOauthProviders: Record<
  KnownAuthProvider,
  { scope: string; claims?: string; otherParameters?: Record<string, string> }
> = {
  google: { scope: 'openid email' },
  apple: { scope: 'openid email' },
  facebook: { scope: 'openid email', otherParameters: { sdk: 'joey' } },
  twitch: {
    scope: 'openid user:read:email',
    claims: JSON.stringify({ id_token: { email: null } }),
    otherParameters: { force_verify: 'true' },
  },
  auth0: { scope: 'openid email' },
}
