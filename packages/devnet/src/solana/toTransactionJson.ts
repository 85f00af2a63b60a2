import { getBase58Decoder, getBase64Decoder, getTransactionDecoder } from '@solana/kit'
import type { LandedTransaction } from './createSolanaRuntime.js'
import { SolanaRpcError } from './SolanaRpcError.js'

/** Agave's code when a v0 transaction is asked for without `maxSupportedTransactionVersion`. */
const unsupportedTransactionVersion = -32015

/**
 * A landed transaction as getTransaction answers it (`json`, `base64` or `base58` encoding; `jsonParsed` is
 * answered as `json`), or `null` for an airdrop (litesvm signs those itself and keeps no wire transaction).
 *
 * @example
 * toTransactionJson(runtime.landed(signature), { encoding: 'base64', maxSupportedTransactionVersion: 0 })
 */
export function toTransactionJson(landed: LandedTransaction, config: Record<string, unknown>) {
  const { details } = landed
  if (!details) return null
  const { message } = details
  if (message.version !== 'legacy' && config.maxSupportedTransactionVersion === undefined)
    throw new SolanaRpcError(
      unsupportedTransactionVersion,
      `Transaction version (${message.version}) is not supported by the requesting client. Please try the request again with the following configuration parameter: "maxSupportedTransactionVersion": ${message.version}`,
    )
  const encoding = config.encoding ?? 'json'
  const base58 = getBase58Decoder()
  const transaction =
    encoding === 'base64'
      ? [getBase64Decoder().decode(details.wire), 'base64']
      : encoding === 'base58'
        ? [base58.decode(details.wire), 'base58']
        : {
            signatures: Object.values(getTransactionDecoder().decode(details.wire).signatures).map(
              (signature) => (signature ? base58.decode(signature) : '1'.repeat(64)),
            ),
            message: {
              accountKeys: message.staticAccounts,
              header: {
                numRequiredSignatures: message.header.numSignerAccounts,
                numReadonlySignedAccounts: message.header.numReadonlySignerAccounts,
                numReadonlyUnsignedAccounts: message.header.numReadonlyNonSignerAccounts,
              },
              recentBlockhash: message.lifetimeToken,
              instructions:
                message.version === 1
                  ? []
                  : message.instructions.map((instruction) => ({
                      programIdIndex: instruction.programAddressIndex,
                      accounts: instruction.accountIndices ?? [],
                      data: base58.decode(instruction.data ?? new Uint8Array()),
                      stackHeight: null,
                    })),
              ...(message.version === 0
                ? {
                    addressTableLookups: (message.addressTableLookups ?? []).map((lookup) => ({
                      accountKey: lookup.lookupTableAddress,
                      writableIndexes: lookup.writableIndexes,
                      readonlyIndexes: lookup.readonlyIndexes,
                    })),
                  }
                : {}),
            },
          }
  return {
    slot: landed.slot,
    blockTime: landed.blockTime,
    version: config.maxSupportedTransactionVersion === undefined ? undefined : message.version,
    transaction,
    meta: {
      err: landed.err,
      status: landed.err === null ? { Ok: null } : { Err: landed.err },
      fee: details.fee,
      preBalances: details.preBalances,
      postBalances: details.postBalances,
      innerInstructions: [],
      logMessages: details.logs,
      preTokenBalances: [],
      postTokenBalances: [],
      rewards: [],
      loadedAddresses: { readonly: [], writable: [] },
      computeUnitsConsumed: details.unitsConsumed,
    },
  }
}
