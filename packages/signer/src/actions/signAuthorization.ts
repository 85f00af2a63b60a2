import { type AuthorizationRequest, parseSignature, type SignedAuthorization } from 'viem'
import { hashAuthorization } from 'viem/utils'
import type { SignerClient } from '../client/SignerClient.js'
import { signRawMessage } from './signRawMessage.js'

export type SignAuthorizationParameters = AuthorizationRequest

export type SignAuthorizationReturnType = SignedAuthorization

/**
 * Signs an EIP-7702 authorization with the user's Ethereum wallet: viem's `hashAuthorization`
 * computes the digest and {@link signRawMessage} signs it. Answers the signed authorization
 * `{ address, chainId, nonce, r, s, v, yParity }`, ready for a type-4 transaction's
 * `authorizationList`.
 *
 * @example
 * const authorization = await signAuthorization(signer, { address: delegate, chainId: 1, nonce: 0 })
 * await verifyAuthorization({ address: signer.user.address, authorization }) // true
 */
export async function signAuthorization(
  client: SignerClient,
  parameters: SignAuthorizationParameters,
): Promise<SignAuthorizationReturnType> {
  const address = parameters.contractAddress ?? parameters.address
  const { chainId, nonce } = parameters
  const signature = await signRawMessage(client, {
    message: hashAuthorization({ address, chainId, nonce }),
  })
  const { r, s, v, yParity } = parseSignature(signature)
  return { address, chainId, nonce, r, s, v, yParity: yParity! }
}
