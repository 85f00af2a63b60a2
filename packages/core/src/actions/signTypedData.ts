import type { SmartAccountClient } from '@sigil/accounts'
import type { SignTypedDataParameters } from '@sigil/signer'
import type { Hex, TypedData, TypedDataDefinition } from 'viem'
import type { SigilConfig } from '../createConfig.js'
import type { WalletConnection } from '../wallets/WalletProvider.js'
import { requireSigner } from './requireSigner.js'

export type { SignTypedDataParameters } from '@sigil/signer'
export type SignTypedDataReturnType = Hex

/** Who signs typed data instead of the signed-in user's key. */
export type SignTypedDataSigners = {
  /** A connected external wallet to sign with instead of the signed-in user's key. */
  wallet?: WalletConnection | undefined
  /**
   * A smart-account client (`getSmartAccountClient`) to sign as its account: the account type's
   * ERC-1271 signature, wrapped per EIP-6492 while the account is not deployed.
   */
  client?: Pick<SmartAccountClient, 'signTypedData'> | undefined
}

/**
 * Signs EIP-712 typed data. With `wallet`, a connected external wallet, that wallet signs
 * (`eth_signTypedData_v4`); with `client`, the smart account signs (docs/account-kit.md#smart-accounts:
 * an ERC-1271 signature that verifies against the account's address, EIP-6492-wrapped before
 * deployment); otherwise the signed-in user's own key signs.
 *
 * @example
 * const signature = await signTypedData(config, {
 *   domain: { name: 'Demo', chainId: 1 },
 *   types: { Mail: [{ name: 'contents', type: 'string' }] },
 *   primaryType: 'Mail',
 *   message: { contents: 'hello' },
 * })
 */
export function signTypedData<
  const typedData extends TypedData | Record<string, unknown>,
  primaryType extends keyof typedData | 'EIP712Domain' = keyof typedData,
>(
  config: SigilConfig,
  { wallet, client, ...typedData }: SignTypedDataParameters<typedData, primaryType> & SignTypedDataSigners,
): Promise<SignTypedDataReturnType> {
  const parameters = typedData as SignTypedDataParameters<typedData, primaryType>
  // viem's signing actions are loaded only when an external wallet signs.
  if (wallet)
    return import('../wallets/toWalletSigner.js').then(({ toWalletSigner }) =>
      toWalletSigner(wallet).signTypedData(parameters as TypedDataDefinition),
    )
  if (client) return client.signTypedData(parameters as TypedDataDefinition)
  return requireSigner(config).signTypedData(parameters)
}
