import { getBase64Encoder, getCompiledTransactionMessageDecoder } from '@solana/kit'
import { decodeWireTransaction } from './decodeWireTransaction.js'
import { getMessageFee } from './getMessageFee.js'
import { processSolanaTransaction } from './processSolanaTransaction.js'
import { readRpcParams } from './readRpcParams.js'
import { SolanaRpcError, solanaRpcErrorCodes } from './SolanaRpcError.js'
import type { SolanaRpcMethod } from './SolanaRpcMethod.js'
import { simulateSolanaTransaction } from './simulateSolanaTransaction.js'
import { toTransactionJson } from './toTransactionJson.js'
import { withContext } from './withContext.js'

/** Agave's cap on getSignatureStatuses. */
const maxSignatures = 256

/**
 * The transaction methods: send, simulate, statuses, fees and landed transactions. Everything that lands is
 * finalized at once.
 *
 * @example
 * solanaTransactionMethods.sendTransaction(runtime, [base64, { encoding: 'base64' }]) // '5V…' (the signature)
 */
export const solanaTransactionMethods: Record<string, SolanaRpcMethod> = {
  sendTransaction(runtime, params) {
    const config = readRpcParams.config(params, 1)
    const decoded = decodeWireTransaction(params[0], config.encoding)
    return processSolanaTransaction(runtime, decoded, { skipPreflight: config.skipPreflight === true })
  },
  simulateTransaction(runtime, params) {
    const config = readRpcParams.config(params, 1)
    const decoded = decodeWireTransaction(params[0], config.encoding)
    return withContext(
      runtime,
      simulateSolanaTransaction(runtime, decoded, {
        sigVerify: config.sigVerify === true,
        replaceRecentBlockhash: config.replaceRecentBlockhash === true,
        accounts: config.accounts as { addresses?: unknown; encoding?: unknown } | undefined,
      }),
    )
  },
  getSignatureStatuses(runtime, params) {
    const signatures = readRpcParams.strings(params, 0, 'base58 signatures', maxSignatures)
    return withContext(
      runtime,
      signatures.map((signature) => {
        const landed = runtime.landed(signature)
        if (!landed) return null
        return {
          slot: landed.slot,
          confirmations: null,
          err: landed.err,
          status: landed.err === null ? { Ok: null } : { Err: landed.err },
          confirmationStatus: 'finalized',
        }
      }),
    )
  },
  getFeeForMessage(runtime, params) {
    const encoded = readRpcParams.string(params, 0, 'a base64 message')
    let message: ReturnType<ReturnType<typeof getCompiledTransactionMessageDecoder>['decode']>
    try {
      if (!/^[A-Za-z0-9+/]*={0,2}$/.test(encoded)) throw new Error('not base64')
      message = getCompiledTransactionMessageDecoder().decode(getBase64Encoder().encode(encoded))
    } catch (error) {
      throw new SolanaRpcError(
        solanaRpcErrorCodes.INVALID_PARAMS,
        `invalid base64 message: ${(error as Error).message}`,
        { cause: error },
      )
    }
    const known = runtime.lastValidBlockHeight(message.lifetimeToken) !== undefined
    return withContext(runtime, known ? getMessageFee(message) : null)
  },
  getTransaction(runtime, params) {
    const signature = readRpcParams.string(params, 0, 'a base58 signature')
    const config = typeof params[1] === 'string' ? { encoding: params[1] } : readRpcParams.config(params, 1)
    const landed = runtime.landed(signature)
    return landed ? toTransactionJson(landed, config) : null
  },
}
