import {
  type Address,
  getBase58Decoder,
  getBase64Decoder,
  getCompiledTransactionMessageEncoder,
  type Transaction,
} from '@solana/kit'
import { FailedTransactionMetadata, type TransactionMetadata } from 'litesvm'
import { assertTransactionSigned } from './assertTransactionSigned.js'
import type { SolanaRuntime } from './createSolanaRuntime.js'
import type { DecodedWireTransaction } from './decodeWireTransaction.js'
import { getMessageFee } from './getMessageFee.js'
import { SolanaRpcError, solanaRpcErrorCodes } from './SolanaRpcError.js'
import { toAccountJson } from './toAccountJson.js'
import { toTransactionErrorJson } from './toTransactionErrorJson.js'

export type SimulateSolanaTransactionOptions = {
  /** Verify the signatures (Agave's default: false, so unsigned transactions simulate). */
  sigVerify?: boolean
  /** Simulate with the latest blockhash instead of the message's (then `sigVerify` must be false). */
  replaceRecentBlockhash?: boolean
  /** Post-simulation state of these accounts (`{ addresses, encoding }`). */
  accounts?: { addresses?: unknown; encoding?: unknown }
}

/**
 * `simulateTransaction`: runs the transaction on litesvm without committing it, answering the value of Agave's
 * response (`err` in the value, not as a JSON-RPC error, as a node does).
 *
 * @example
 * simulateSolanaTransaction(runtime, decodeWireTransaction(wire, 'base64'), { sigVerify: false })
 * // { err: null, logs: [...], unitsConsumed: 150n, ... }
 */
export function simulateSolanaTransaction(
  runtime: SolanaRuntime,
  decoded: DecodedWireTransaction,
  options: SimulateSolanaTransactionOptions = {},
) {
  const sigVerify = options.sigVerify === true
  const replace = options.replaceRecentBlockhash === true
  if (sigVerify && replace)
    throw new SolanaRpcError(
      solanaRpcErrorCodes.INVALID_PARAMS,
      'sigVerify may not be used with replaceRecentBlockhash',
    )
  let transaction: Transaction = decoded.transaction
  const replacementBlockhash = replace ? runtime.latestBlockhash() : null
  if (replacementBlockhash) {
    const messageBytes = getCompiledTransactionMessageEncoder().encode({
      ...decoded.message,
      lifetimeToken: replacementBlockhash.blockhash,
    })
    transaction = { ...transaction, messageBytes: messageBytes as Transaction['messageBytes'] }
  }
  if (sigVerify) assertTransactionSigned(transaction)
  const result = runtime.execute(transaction, { sigVerify }, (svm) => svm.simulateTransaction(transaction))
  const failed = result instanceof FailedTransactionMetadata
  const meta: TransactionMetadata = result.meta()
  const addresses = options.accounts?.addresses
  if (addresses !== undefined && (!Array.isArray(addresses) || addresses.some((a) => typeof a !== 'string')))
    throw new SolanaRpcError(
      solanaRpcErrorCodes.INVALID_PARAMS,
      'Invalid params: accounts.addresses must be a list of addresses',
    )
  const postAccounts = failed ? [] : result.postAccounts()
  const returnData = meta.returnData()
  return {
    err: failed ? toTransactionErrorJson(result.err()) : null,
    logs: meta.logs(),
    accounts:
      addresses === undefined
        ? null
        : (addresses as Address[]).map((address) =>
            toAccountJson(
              postAccounts.find((account) => account.address === address) ?? runtime.svm.getAccount(address),
              { encoding: options.accounts?.encoding ?? 'base64' },
            ),
          ),
    unitsConsumed: meta.computeUnitsConsumed(),
    returnData:
      returnData.data().length === 0
        ? null
        : {
            programId: getBase58Decoder().decode(returnData.programId()),
            data: [getBase64Decoder().decode(returnData.data()), 'base64'],
          },
    innerInstructions: null,
    replacementBlockhash,
    fee: getMessageFee(decoded.message),
    loadedAccountsDataSize: 0,
  }
}
