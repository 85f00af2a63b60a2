import type { Hex, TransactionSerializable } from 'viem'
import { parseTransaction, serializeTransaction } from 'viem'
import type { SigilContext } from '../../SigilContext.js'
import { signPayloads } from '../wallets/signPayloads.js'
import { signTransactionError } from './signTransactionError.js'

export type SignEthereumTransactionParameters = {
  organizationId: string
  signWith: string
  /** Hex of the unsigned serialized transaction, `0x` optional. */
  unsignedTransaction: string
}

/**
 * Signs an unsigned Ethereum transaction as `@turnkey/viem` and `@turnkey/ethers` send it: the
 * signing payload (legacy, with or without an EIP-155 chain id, or a typed EIP-2930, EIP-1559,
 * EIP-4844 without sidecars, EIP-7702 one). The key signs keccak256 of exactly those bytes; the answer
 * is the same transaction with the signature, serialized by viem, in hex without `0x`
 * (docs/protocol.md#sign-transaction). Bytes that viem would not serialize back to themselves (a
 * non-canonical encoding, trailing data) are refused: the signature would not match what the chain
 * hashes.
 *
 * @example
 * const signed = await signEthereumTransaction(ctx, { organizationId, signWith: '0xf39F…', unsignedTransaction: '02f8…' })
 */
export async function signEthereumTransaction(
  ctx: SigilContext,
  parameters: SignEthereumTransactionParameters,
): Promise<string> {
  const hex = parameters.unsignedTransaction.replace(/^0x/, '').toLowerCase()
  if (hex.length === 0 || hex.length % 2 !== 0 || !/^[0-9a-f]*$/.test(hex))
    throw signTransactionError('TRANSACTION_TYPE_ETHEREUM takes an even number of hex digits (0x optional)')
  const serialized = `0x${hex}` as Hex
  let transaction: TransactionSerializable
  try {
    transaction = parseTransaction(serialized) as TransactionSerializable
  } catch (cause) {
    const reason = (cause as { shortMessage?: string }).shortMessage ?? 'not an Ethereum transaction'
    throw signTransactionError(`TRANSACTION_TYPE_ETHEREUM: ${reason}`, cause)
  }
  const signed = transaction as { r?: Hex; s?: Hex; v?: bigint; yParity?: number }
  if (signed.r !== undefined || signed.s !== undefined || signed.yParity !== undefined)
    throw signTransactionError('TRANSACTION_TYPE_ETHEREUM: the transaction is already signed')
  let canonical: Hex
  try {
    canonical = serializeTransaction(transaction)
  } catch (cause) {
    const reason = (cause as { shortMessage?: string }).shortMessage ?? 'cannot be serialized'
    throw signTransactionError(`TRANSACTION_TYPE_ETHEREUM: ${reason}`, cause)
  }
  if (canonical.toLowerCase() !== serialized)
    throw signTransactionError(
      'TRANSACTION_TYPE_ETHEREUM: the bytes are not the canonical encoding of the transaction they hold',
    )

  const [signature] = await signPayloads(ctx, {
    organizationId: parameters.organizationId,
    signWith: parameters.signWith,
    payloads: [hex],
    encoding: 'PAYLOAD_ENCODING_HEXADECIMAL',
    hashFunction: 'HASH_FUNCTION_KECCAK256',
  })
  const yParity = Number.parseInt(signature!.v, 16)
  return serializeTransaction(transaction, {
    r: `0x${signature!.r}`,
    s: `0x${signature!.s}`,
    yParity,
    v: 27n + BigInt(yParity),
  }).slice(2)
}
