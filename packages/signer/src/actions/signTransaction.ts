import {
  keccak256,
  parseSignature,
  type SerializeTransactionFn,
  serializeTransaction,
  type TransactionSerializable,
  type TransactionSerialized,
} from 'viem'
import type { SignerClient } from '../client/SignerClient.js'
import { signRawMessage } from './signRawMessage.js'

export type SignTransactionParameters<
  serializer extends
    SerializeTransactionFn<TransactionSerializable> = SerializeTransactionFn<TransactionSerializable>,
  transaction extends Parameters<serializer>[0] = Parameters<serializer>[0],
> = {
  /** The unsigned transaction. */
  transaction: transaction
  /** Default viem's `serializeTransaction`; pass a chain's serializer (e.g. OP Stack) if it has one. */
  serializer?: serializer | undefined
}

/** The signed transaction, serialized (`0x02…` for EIP-1559, RLP for legacy). */
export type SignTransactionReturnType = TransactionSerialized

/**
 * Signs a transaction with the user's Ethereum wallet: serializes it unsigned, signs
 * `keccak256(serialized)` through {@link signRawMessage}, and answers the transaction serialized
 * again with the signature (r = bytes 0–31, s = bytes 32–63, v = byte 64). EIP-4844 blob sidecars
 * are left out of the signed hash, as the signing payload does not include them.
 *
 * @example
 * const signed = await signTransaction(signer, {
 *   transaction: { chainId: 1, to: '0x…', value: 1n, maxFeePerGas: 2n, maxPriorityFeePerGas: 1n, gas: 21000n, nonce: 0 },
 * })
 * await recoverTransactionAddress({ serializedTransaction: signed }) // === signer.user.address
 */
export async function signTransaction<
  serializer extends
    SerializeTransactionFn<TransactionSerializable> = SerializeTransactionFn<TransactionSerializable>,
  transaction extends Parameters<serializer>[0] = Parameters<serializer>[0],
>(
  client: SignerClient,
  parameters: SignTransactionParameters<serializer, transaction>,
): Promise<SignTransactionReturnType> {
  const serialize = (parameters.serializer ?? serializeTransaction) as SerializeTransactionFn<transaction>
  const { transaction } = parameters
  const unsigned =
    transaction.type === 'eip4844' ? ({ ...transaction, sidecars: false } as transaction) : transaction
  const signature = await signRawMessage(client, { message: keccak256(await serialize(unsigned)) })
  return (await serialize(transaction, parseSignature(signature))) as SignTransactionReturnType
}
