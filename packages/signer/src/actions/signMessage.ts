import { type Hex, hashMessage, type SignableMessage } from 'viem'
import type { SignerClient } from '../client/SignerClient.js'
import { signRawMessage } from './signRawMessage.js'

export type SignMessageParameters = {
  /** A string, or `{ raw }` bytes or hex, signed as an EIP-191 personal message. */
  message: SignableMessage
}

export type SignMessageReturnType = Hex

/**
 * Signs an EIP-191 personal message with the user's Ethereum wallet: the message is hashed here
 * with viem's `hashMessage` and the digest is signed through {@link signRawMessage}. Answers the
 * 65-byte r‖s‖v signature (v 27/28).
 *
 * @example
 * const signature = await signMessage(signer, { message: 'hello' })
 * await recoverMessageAddress({ message: 'hello', signature }) // === signer.user.address
 */
export async function signMessage(
  client: SignerClient,
  { message }: SignMessageParameters,
): Promise<SignMessageReturnType> {
  return signRawMessage(client, { message: hashMessage(message) })
}
