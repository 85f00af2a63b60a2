import { type Hex, hashTypedData, type TypedData, type TypedDataDefinition } from 'viem'
import type { SignerClient } from '../client/SignerClient.js'
import { signRawMessage } from './signRawMessage.js'

export type SignTypedDataParameters<
  typedData extends TypedData | Record<string, unknown> = TypedData,
  primaryType extends keyof typedData | 'EIP712Domain' = keyof typedData,
> = TypedDataDefinition<typedData, primaryType>

export type SignTypedDataReturnType = Hex

/**
 * Signs EIP-712 typed data with the user's Ethereum wallet: viem's `hashTypedData` computes the
 * digest here and {@link signRawMessage} signs it. Answers the 65-byte r‖s‖v signature.
 *
 * @example
 * const signature = await signTypedData(signer, {
 *   domain: { name: 'Mail', chainId: 1 },
 *   types: { Mail: [{ name: 'contents', type: 'string' }] },
 *   primaryType: 'Mail',
 *   message: { contents: 'hello' },
 * })
 */
export async function signTypedData<
  const typedData extends TypedData | Record<string, unknown>,
  primaryType extends keyof typedData | 'EIP712Domain' = keyof typedData,
>(
  client: SignerClient,
  parameters: SignTypedDataParameters<typedData, primaryType>,
): Promise<SignTypedDataReturnType> {
  return signRawMessage(client, { message: hashTypedData(parameters) })
}
