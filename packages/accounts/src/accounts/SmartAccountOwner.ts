import type { LocalAccount } from 'viem'

/**
 * The key that controls a smart account: a viem `LocalAccount`-like signer (`signMessage`,
 * `signTypedData`, and `signAuthorization` for ModularAccountV2's 7702 mode). The Sigil signer's
 * `toViemAccount(signer)` is one; so is `privateKeyToAccount(key)`.
 *
 * @example
 * const owner: SmartAccountOwner = toViemAccount(signer)
 */
export type SmartAccountOwner = Pick<LocalAccount, 'address' | 'signMessage' | 'signTypedData'> & {
  signAuthorization?: LocalAccount['signAuthorization'] | undefined
}
