/** A data key wrapped (encrypted) by a {@link KeyProvider}, with the IV it used. */
export type WrappedDataKey = {
  wrappedKey: Uint8Array
  iv: Uint8Array
}

/**
 * What the vault needs from a master key: wrap and unwrap 32-byte data keys. The master key itself never
 * leaves the provider, so an HSM (PKCS#11) provider can implement the same two calls later.
 */
export type KeyProvider = {
  /** Stable id of the wrapping key; stored in every envelope as `kid` to route and check unwrapping. */
  id: string
  wrapKey(dataKey: Uint8Array): WrappedDataKey
  /** Throws when `wrapped` was not made by this key or was altered. */
  unwrapKey(wrapped: WrappedDataKey): Uint8Array
}
