import { getSignatureFromTransaction, type Signature } from '@solana/kit'
import { FailedTransactionMetadata } from 'litesvm'
import { assertTransactionSigned } from './assertTransactionSigned.js'
import type { SolanaRuntime } from './createSolanaRuntime.js'
import type { DecodedWireTransaction } from './decodeWireTransaction.js'
import { describeTransactionError } from './describeTransactionError.js'
import { getMessageFee } from './getMessageFee.js'
import { SolanaRpcError, solanaRpcErrorCodes } from './SolanaRpcError.js'
import { simulateSolanaTransaction } from './simulateSolanaTransaction.js'
import { type TransactionErrorJson, toTransactionErrorJson } from './toTransactionErrorJson.js'

export type ProcessSolanaTransactionOptions = { skipPreflight?: boolean }

/**
 * `sendTransaction`: verifies the signatures, runs the preflight simulation (unless `skipPreflight`), then lands
 * the transaction on litesvm, records it (finalized at once) and advances the slot and blockhash.
 *
 * A preflight failure is Agave's JSON-RPC -32002 `Transaction simulation failed: <error>` with the simulation
 * as `data` (a replay: `This transaction has already been processed`). With `skipPreflight` a transaction that
 * fails while executing lands with its error and pays its fee, as on Solana; one that cannot land at all (a
 * replay, an expired blockhash, a payer without funds) is refused the same way as in preflight, where a node
 * would silently drop it.
 *
 * @example
 * const signature = processSolanaTransaction(runtime, decodeWireTransaction(wire, 'base64'))
 */
export function processSolanaTransaction(
  runtime: SolanaRuntime,
  decoded: DecodedWireTransaction,
  options: ProcessSolanaTransactionOptions = {},
): Signature {
  const { transaction, message } = decoded
  assertTransactionSigned(transaction)
  // litesvm keeps a bounded history; the runtime remembers every landed signature.
  const signature = getSignatureFromTransaction(transaction)
  if (runtime.landed(signature) && runtime.lastValidBlockHeight(message.lifetimeToken) !== undefined)
    throw refusal('AlreadyProcessed', { logs: [], unitsConsumed: 0n })
  if (!options.skipPreflight) {
    const simulation = simulateSolanaTransaction(runtime, decoded, { sigVerify: true })
    if (simulation.err !== null) throw refusal(simulation.err, simulation)
  }
  const { svm } = runtime
  const balances = () => message.staticAccounts.map((address) => svm.getBalance(address) ?? 0n)
  const preBalances = balances()
  const result = runtime.execute(transaction, { sigVerify: true }, () => svm.sendTransaction(transaction))
  const postBalances = balances()
  const failed = result instanceof FailedTransactionMetadata
  const meta = failed ? result.meta() : result
  const err = failed ? toTransactionErrorJson(result.err()) : null
  if (err !== null && postBalances[0] === preBalances[0])
    throw refusal(err, { logs: meta.logs(), unitsConsumed: meta.computeUnitsConsumed() })
  runtime.record(signature, {
    slot: runtime.slot(),
    blockTime: Math.floor(Date.now() / 1000),
    err,
    details: {
      wire: decoded.wire,
      message,
      fee: getMessageFee(message),
      preBalances,
      postBalances,
      logs: meta.logs(),
      unitsConsumed: meta.computeUnitsConsumed(),
    },
  })
  return signature
}

function refusal(err: TransactionErrorJson, simulation: { logs: string[]; unitsConsumed: bigint }) {
  if (err === 'SignatureFailure')
    return new SolanaRpcError(
      solanaRpcErrorCodes.TRANSACTION_SIGNATURE_VERIFICATION_FAILURE,
      'Transaction signature verification failure',
    )
  return new SolanaRpcError(
    solanaRpcErrorCodes.SEND_TRANSACTION_PREFLIGHT_FAILURE,
    `Transaction simulation failed: ${describeTransactionError(err)}`,
    {
      data: {
        accounts: null,
        err,
        innerInstructions: null,
        logs: simulation.logs,
        replacementBlockhash: null,
        returnData: null,
        unitsConsumed: simulation.unitsConsumed,
      },
    },
  )
}
