import type { Address, SignatureBytes, Transaction } from '@solana/kit'
import { bytesToHex, hexToBytes } from 'viem'
import { signRawMessage } from '../actions/signRawMessage.js'
import { SignerError } from '../errors/SignerError.js'
import type { Signer } from '../Signer.js'
import { requireUser } from '../store/requireUser.js'

export type SolanaSigner = {
  /** The user's Solana address (base58). */
  readonly address: Address
  /** Signs `message` with ed25519; answers the 64-byte signature. */
  signMessage(message: Uint8Array): Promise<Uint8Array>
  /**
   * Signs a compiled `@solana/kit` transaction's `messageBytes` and answers the transaction with
   * the signature set for {@link SolanaSigner.address} (the other signatures are kept).
   */
  addSignature<TTransaction extends Transaction>(transaction: TTransaction): Promise<TTransaction>
}

/**
 * The signed-in user's Solana wallet as a signer for `@solana/kit` transactions (reference §1.13).
 * Signatures are ed25519 over the exact bytes, trimmed to 64 bytes. Throws
 * `NotAuthenticatedError` when nobody is signed in and `'no solana address'` when the user has no
 * Solana wallet.
 *
 * @example
 * const solana = toSolanaSigner(signer)
 * const signed = await solana.addSignature(compileTransaction(message))
 * const signature = await solana.signMessage(new TextEncoder().encode('hello'))
 */
export function toSolanaSigner(signer: Signer): SolanaSigner {
  const { solanaAddress } = requireUser(signer)
  if (!solanaAddress) throw new SignerError('no solana address')
  const address = solanaAddress as Address

  const sign = async (bytes: Uint8Array) => {
    const signature = await signRawMessage(signer, { message: bytesToHex(bytes), type: 'SOLANA' })
    return hexToBytes(signature).slice(0, 64)
  }

  return {
    address,
    signMessage: sign,
    async addSignature(transaction) {
      if (!(address in transaction.signatures))
        throw new SignerError(`The transaction does not expect a signature from ${address}`)
      const signature = (await sign(new Uint8Array(transaction.messageBytes))) as SignatureBytes
      return Object.freeze({
        ...transaction,
        signatures: Object.freeze({ ...transaction.signatures, [address]: signature }),
      })
    },
  }
}
