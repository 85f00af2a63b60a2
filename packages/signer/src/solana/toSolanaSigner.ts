import type { Address, Instruction, SignatureBytes, Transaction } from '@solana/kit'
import { bytesToHex, hexToBytes } from 'viem'
import { signRawMessage } from '../actions/signRawMessage.js'
import { stampGatewayRequest } from '../actions/stampGatewayRequest.js'
import type { SignerClient } from '../client/SignerClient.js'
import { SignerError } from '../errors/SignerError.js'
import { requireUser } from '../store/requireUser.js'
import { addSolanaSponsorship } from './addSolanaSponsorship.js'
import { createSolanaTransfer } from './createSolanaTransfer.js'
import type { SolanaConnection } from './SolanaConnection.js'

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
  /**
   * Compiles `instructions` into an unsigned transaction paid by the user, its lifetime the
   * connection's latest blockhash: a v0 message (`'versioned'`, the default) or a `'legacy'` one.
   */
  createTransfer(
    instructions: readonly Instruction[],
    connection: SolanaConnection,
    version?: 'versioned' | 'legacy',
  ): Promise<Transaction>
  /**
   * Has the connection's fee payer service (`alchemy_requestFeePayer`, the Sigil gateway) pay for
   * `instructions` under `policyId`; answers its transaction, signed by the fee payer, still to be
   * signed by the user (`addSignature`).
   */
  addSponsorship(
    instructions: readonly Instruction[],
    connection: SolanaConnection,
    policyId: string,
  ): Promise<Transaction>
}

/**
 * The signed-in user's Solana wallet as a signer for `@solana/kit` transactions (docs/account-kit.md#signer).
 * Signatures are ed25519 over the exact bytes, trimmed to 64 bytes. Throws
 * `NotAuthenticatedError` when nobody is signed in and `'no solana address'` when the user has no
 * Solana wallet. `addSponsorship` to the signer's own server's gateway carries the user's session stamp. `createTransfer` and `addSponsorship` load `@solana/kit` on first use and reach the
 * connection with the signer's `fetch`.
 *
 * @example
 * const solana = toSolanaSigner(signer)
 * const sponsored = await solana.addSponsorship(instructions, { rpcUrl: gatewayUrl }, policyId)
 * const signature = await sendSolanaTransaction(await solana.addSignature(sponsored), { rpcUrl: gatewayUrl })
 */
export function toSolanaSigner(client: SignerClient): SolanaSigner {
  const { solanaAddress } = requireUser(client)
  if (!solanaAddress) throw new SignerError('no solana address')
  const address = solanaAddress as Address
  const fetch = client.fetch

  const sign = async (bytes: Uint8Array) => {
    const signature = await signRawMessage(client, { message: bytesToHex(bytes), type: 'SOLANA' })
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
    createTransfer: (instructions, connection, version = 'versioned') =>
      createSolanaTransfer({ feePayer: address, instructions, connection, version, fetch }),
    addSponsorship: (instructions, connection, policyId) =>
      addSolanaSponsorship({
        feePayer: address,
        instructions,
        connection,
        policyId,
        fetch,
        // The session is the signer's server's: only its own gateway can verify the stamp.
        stamp: sameOrigin(connection.rpcUrl, client.config.connection.rpcUrl)
          ? (body) => stampGatewayRequest(client, body)
          : undefined,
      }),
  }
}

function sameOrigin(url: string, other: string): boolean {
  try {
    return new URL(url).origin === new URL(other).origin
  } catch {
    return false
  }
}
