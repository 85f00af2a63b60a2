import {
  type EncodedAccount,
  getBase58Decoder,
  getBase64Decoder,
  type MaybeEncodedAccount,
  type ReadonlyUint8Array,
} from '@solana/kit'
import { SolanaRpcError, solanaRpcErrorCodes } from './SolanaRpcError.js'

export type AccountEncodingOptions = { encoding?: unknown; dataSlice?: unknown }

/** Every account is rent exempt here; Agave then reports rent epoch u64::MAX. */
const rentExemptEpoch = 18_446_744_073_709_551_615n

/**
 * An account as getAccountInfo / getMultipleAccounts answer it (`null` when it does not exist), its data in
 * base64 (also for `jsonParsed`, as Agave does for data it cannot parse) or base58.
 *
 * @example
 * toAccountJson(svm.getAccount(address), { encoding: 'base64' })
 * // { data: ['', 'base64'], executable: false, lamports: 1000000000n, owner: '1111…', rentEpoch: …, space: 0n }
 */
export function toAccountJson(
  account: MaybeEncodedAccount | EncodedAccount,
  options: AccountEncodingOptions = {},
) {
  const encoding = options.encoding ?? 'base58'
  if (encoding !== 'base58' && encoding !== 'base64' && encoding !== 'jsonParsed')
    throw new SolanaRpcError(
      solanaRpcErrorCodes.INVALID_PARAMS,
      `Invalid params: unsupported encoding ${JSON.stringify(encoding)}: use base64, base58 or jsonParsed`,
    )
  if ('exists' in account && !account.exists) return null
  const data = sliceData(account.data, options.dataSlice)
  if (encoding === 'base58' && data.length > 128)
    throw new SolanaRpcError(
      solanaRpcErrorCodes.INVALID_PARAMS,
      'Encoded binary (base 58) data should be less than 128 bytes, please use Base64 encoding.',
    )
  return {
    data:
      encoding === 'base58'
        ? [getBase58Decoder().decode(data), 'base58']
        : [getBase64Decoder().decode(data), 'base64'],
    executable: account.executable,
    lamports: account.lamports,
    owner: account.programAddress,
    rentEpoch: rentExemptEpoch,
    space: BigInt(account.data.length),
  }
}

function sliceData(data: ReadonlyUint8Array, dataSlice: unknown): ReadonlyUint8Array {
  if (dataSlice === undefined || dataSlice === null) return data
  const { offset, length } = dataSlice as { offset?: unknown; length?: unknown }
  if (
    !Number.isInteger(offset) ||
    !Number.isInteger(length) ||
    (offset as number) < 0 ||
    (length as number) < 0
  )
    throw new SolanaRpcError(
      solanaRpcErrorCodes.INVALID_PARAMS,
      'Invalid params: dataSlice must be { offset, length } with non-negative integers',
    )
  return data.subarray(offset as number, (offset as number) + (length as number))
}
