import type { SignTypedDataParameters } from '@sigil/signer'
import type { Hex, TypedData } from 'viem'
import type { SigilConfig } from '../createConfig.js'
import { toWalletClient } from '../wallets/toWalletClient.js'
import type { WalletConnection } from '../wallets/WalletProvider.js'
import { requireSigner } from './requireSigner.js'

export type { SignTypedDataParameters } from '@sigil/signer'
export type SignTypedDataReturnType = Hex

/**
 * Signs EIP-712 typed data with the signed-in user's key, or with `wallet`, a connected external
 * wallet (`eth_signTypedData_v4`), when given.
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
  {
    wallet,
    ...typedData
  }: SignTypedDataParameters<typedData, primaryType> & {
    /** A connected external wallet to sign with instead of the signed-in user's key. */
    wallet?: WalletConnection | undefined
  },
): Promise<SignTypedDataReturnType> {
  const parameters = typedData as SignTypedDataParameters<typedData, primaryType>
  if (wallet)
    return toWalletClient(wallet).signTypedData({
      account: wallet.address,
      ...(parameters as SignTypedDataParameters),
    })
  return requireSigner(config).signTypedData(parameters)
}
