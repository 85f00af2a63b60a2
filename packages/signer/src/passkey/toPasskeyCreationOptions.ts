export type ToPasskeyCreationOptionsParameters = {
  /** Shown by the authenticator: the email or username. */
  name: string
  /** The relying party: default the page's hostname. */
  rpId: string
  /** Caller overrides, merged into `publicKey` (`signal` is kept). */
  creationOpts?: CredentialCreationOptions | undefined
}

/**
 * The `navigator.credentials.create` options of a passkey sign-up (docs/account-kit.md#constants, docs/protocol.md#sign-in-flows):
 * random 32-byte challenge and user id, algorithms -7 and -257, preferred resident key and user
 * verification.
 *
 * @example
 * const credential = await navigator.credentials.create(toPasskeyCreationOptions({ name: 'ada', rpId: location.hostname }))
 */
export function toPasskeyCreationOptions({
  name,
  rpId,
  creationOpts,
}: ToPasskeyCreationOptionsParameters): CredentialCreationOptions & {
  publicKey: PublicKeyCredentialCreationOptions
} {
  return {
    ...creationOpts,
    publicKey: {
      challenge: crypto.getRandomValues(new Uint8Array(32)),
      rp: { id: rpId, name: rpId },
      user: { id: crypto.getRandomValues(new Uint8Array(32)), name, displayName: name },
      pubKeyCredParams: [
        { type: 'public-key', alg: -7 },
        { type: 'public-key', alg: -257 },
      ],
      authenticatorSelection: {
        residentKey: 'preferred',
        requireResidentKey: false,
        userVerification: 'preferred',
      },
      ...creationOpts?.publicKey,
    },
  }
}
