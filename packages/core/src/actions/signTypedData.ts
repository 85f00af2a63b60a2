import type { SignTypedDataParameters } from '@sigil/signer'
import type { Hex, TypedData } from 'viem'
import type { SigilConfig } from '../createConfig.js'
import { requireSigner } from './requireSigner.js'

export type { SignTypedDataParameters } from '@sigil/signer'
export type SignTypedDataReturnType = Hex

/**
 * Signs EIP-712 typed data with the signed-in user's key.
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
  parameters: SignTypedDataParameters<typedData, primaryType>,
): Promise<SignTypedDataReturnType> {
  return requireSigner(config).signTypedData(parameters)
}
