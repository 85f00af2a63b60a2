import type { SignMessageParameters as SignerSignMessageParameters } from '@sigil/signer'
import type { Hex } from 'viem'
import type { SigilConfig } from '../createConfig.js'
import { toWalletClient } from '../wallets/toWalletClient.js'
import type { WalletConnection } from '../wallets/WalletProvider.js'
import { requireSigner } from './requireSigner.js'

export type SignMessageParameters = SignerSignMessageParameters & {
  /** A connected external wallet to sign with (`personal_sign`) instead of the signed-in user's key. */
  wallet?: WalletConnection | undefined
}
export type SignMessageReturnType = Hex

/**
 * Signs an EIP-191 message with the signed-in user's key (`personal_sign`), or with `wallet`, a
 * connected external wallet, when given. Smart-account signatures (EIP-1271/6492) come with the
 * smart-account layer.
 *
 * @example
 * const signature = await signMessage(config, { message: 'hello' })
 */
export function signMessage(
  config: SigilConfig,
  { message, wallet }: SignMessageParameters,
): Promise<SignMessageReturnType> {
  if (wallet) return toWalletClient(wallet).signMessage({ account: wallet.address, message })
  return requireSigner(config).signMessage(message)
}
