/**
 * The signed-in user, as `/signer/v1/whoami` and a sign-up answer describe it. The SDK adds the
 * passkey's `credentialId` and an OAuth login's `idToken`/`claims`; only `address`, `orgId`, `userId`
 * and `email` are persisted.
 */
export type User = {
  address: `0x${string}`
  userId: string
  orgId: string
  email?: string | undefined
  /** A proven phone number (E.164). */
  phone?: string | undefined
  solanaAddress?: string | undefined
  /** A passkey user's credential id (base64url). */
  credentialId?: string | undefined
  idToken?: string | undefined
  claims?: Record<string, unknown> | undefined
}

/** What the server answers for a user (`/v1/whoami`): the fields it knows, without the SDK's extras. */
export type SignerUser = Pick<User, 'address' | 'userId' | 'orgId' | 'email' | 'phone' | 'solanaAddress'>
