import type { SmartAccountClient } from '@sigil/accounts'
import type { SignMessageParameters as SignerSignMessageParameters } from '@sigil/signer'
import type { Hex } from 'viem'
import type { SigilConfig } from '../createConfig.js'
import type { WalletConnection } from '../wallets/WalletProvider.js'
import { requireSigner } from './requireSigner.js'

export type SignMessageParameters = SignerSignMessageParameters & {
  /** A connected external wallet to sign with (`personal_sign`) instead of the signed-in user's key. */
  wallet?: WalletConnection | undefined
  /**
   * A smart-account client (`getSmartAccountClient`) to sign as its account: the account type's
   * ERC-1271 signature, wrapped per EIP-6492 while the account is not deployed.
   */
  client?: Pick<SmartAccountClient, 'signMessage'> | undefined
}
export type SignMessageReturnType = Hex

/**
 * Signs an EIP-191 message. With `wallet`, a connected external wallet, that wallet signs
 * (`personal_sign`); with `client`, the smart account signs (docs/account-kit.md#smart-accounts: an
 * ERC-1271 signature that verifies against the account's address, EIP-6492-wrapped before
 * deployment); otherwise the signed-in user's own key signs.
 *
 * @example
 * const signature = await signMessage(config, { message: 'hello' })
 * const client = await getSmartAccountClient(config, { type: 'LightAccount' })
 * const accountSignature = await signMessage(config, { message: 'hello', client })
 */
export function signMessage(
  config: SigilConfig,
  { message, wallet, client }: SignMessageParameters,
): Promise<SignMessageReturnType> {
  // viem's signing actions are loaded only when an external wallet signs.
  if (wallet)
    return import('../wallets/toWalletSigner.js').then(({ toWalletSigner }) =>
      toWalletSigner(wallet).signMessage(message),
    )
  if (client) return client.signMessage({ message })
  return requireSigner(config).signMessage(message)
}
