import { type Signer, type SolanaSigner, toSolanaSigner } from '@sigil/signer'
import type { SigilConfig } from '../createConfig.js'
import type { WalletConnection } from '../wallets/WalletProvider.js'

export type GetSolanaSignerParameters = {
  /** A connected external wallet: while there is one, the user is the wallet, which has no Solana signer. */
  wallet?: WalletConnection | undefined
}

export type GetSolanaSignerReturnType = SolanaSigner | undefined

/** One Solana signer per signer and address, so repeated reads give the same object. */
const solanaSigners = new WeakMap<Signer, SolanaSigner>()

/**
 * The signed-in user's Solana wallet as a signer for `@solana/kit` transactions and messages
 * (`@sigil/signer`'s `toSolanaSigner`); `undefined` until the signer is connected with a user that
 * has a Solana address, and while an external `wallet` is connected. The object stays the same
 * until the signer or the address changes.
 *
 * @example
 * const solana = getSolanaSigner(config)
 * const signature = await solana?.signMessage(new TextEncoder().encode('hello'))
 */
export function getSolanaSigner(
  config: SigilConfig,
  { wallet }: GetSolanaSignerParameters = {},
): GetSolanaSignerReturnType {
  if (wallet) return undefined
  const { signer, signerStatus, user } = config.store.getState()
  const solanaAddress = user?.solanaAddress
  if (!signer || !signerStatus.isConnected || !solanaAddress || !signer.user) return undefined
  const known = solanaSigners.get(signer)
  if (known?.address === solanaAddress) return known
  const solanaSigner = toSolanaSigner(signer)
  solanaSigners.set(signer, solanaSigner)
  return solanaSigner
}
