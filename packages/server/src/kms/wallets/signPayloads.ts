import { bytesToHex } from '@noble/hashes/utils.js'
import type { HashFunction, PayloadEncoding, SignatureResult } from '@sigil/protocol'
import { ApiError } from '../../http/errors/ApiError.js'
import type { SigilContext } from '../../SigilContext.js'
import { computeSigningDigest } from '../signing/computeSigningDigest.js'
import { signDigest } from '../signing/signDigest.js'
import { findSigningAccount } from './findSigningAccount.js'

export type SignPayloadsParameters = {
  organizationId: string
  signWith: string
  payloads: string[]
  encoding: PayloadEncoding
  hashFunction: HashFunction
}

/**
 * Signs payloads with a wallet account's key: the key is opened from the vault, used, and wiped.
 *
 * @example
 * const [signature] = await signPayloads(ctx, { organizationId, signWith, payloads: [digest], encoding, hashFunction })
 */
export async function signPayloads(
  ctx: SigilContext,
  parameters: SignPayloadsParameters,
): Promise<SignatureResult[]> {
  const account = await findSigningAccount(ctx, parameters)
  const curve = account.curve as 'CURVE_SECP256K1' | 'CURVE_ED25519'
  const messages = parameters.payloads.map((payload) => {
    try {
      return computeSigningDigest({
        payload,
        encoding: parameters.encoding,
        hashFunction: parameters.hashFunction,
        curve,
      })
    } catch (cause) {
      const message =
        cause instanceof Error ? ((cause as { shortMessage?: string }).shortMessage ?? cause.message) : ''
      throw new ApiError('INVALID_ARGUMENT', message.split('\n')[0] || 'invalid payload', {
        errorCode: 'REQUEST_INVALID',
        cause,
        details: (cause as { details?: string }).details,
      })
    }
  })
  const privateKey = ctx.vault.open(account.sealed_private_key, `wallet_account:${account.id}`)
  try {
    const { signingThread } = ctx
    if (curve !== 'CURVE_SECP256K1' || !signingThread)
      return messages.map((message) => signDigest({ curve, privateKey, message }))
    return await Promise.all(
      messages.map(async (message) => {
        // signDigest refuses a digest that is not 32 bytes with the error clients expect.
        if (message.length !== 32) return signDigest({ curve, privateKey, message })
        const { signature, recid } = await signingThread.sign(message, privateKey)
        return {
          r: bytesToHex(signature.subarray(0, 32)),
          s: bytesToHex(signature.subarray(32, 64)),
          v: recid.toString(16).padStart(2, '0'),
        }
      }),
    )
  } finally {
    privateKey.fill(0)
  }
}
