import { secp256k1 } from '@noble/curves/secp256k1.js'
import {
  bytesToHex,
  hexToBytes,
  InvalidStampError,
  parseApiKeyStamp,
  signerErrorCodes,
  verifyApiKeyStamp,
} from '@sigil/protocol'
import { publicKeyToAddress } from 'viem/accounts'
import type { App } from '../apps/App.js'
import { ApiError } from '../http/errors/ApiError.js'
import { parseJsonBody } from '../http/parseJsonBody.js'
import { authenticationErrors } from '../kms/auth/authenticationErrors.js'
import type { SigilContext } from '../SigilContext.js'
import { multiOwnerErrors } from './multiOwnerErrors.js'

export type OwnerStamp = {
  /** The owner user the stamp speaks for. */
  userId: string
  organizationId: string
  /** Lower-case address of the stamp's key. */
  address: `0x${string}`
  /** The stamp's compressed public key and DER signature (hex), kept with a vote. */
  publicKey: string
  signature: string
  /** The exact body and its parsed JSON. */
  raw: string
  json: Record<string, unknown>
}

export type AuthenticateOwnerStampParameters = {
  /** The app the request came with; `undefined` for `/public/v1` (no app), where any app's organization is taken. */
  app: App | undefined
  body: string
  /** Reads a stamp header (case-insensitive). */
  header(name: string): string | undefined
}

/**
 * Authenticates a request stamped by an owner of a multi-owner organization: an `X-Stamp` with scheme
 * `SIGNATURE_SCHEME_TK_API_SECP256K1` over the exact body (Account Kit recovers that key from an
 * Ethereum signature of SHA-256 of the body), whose key's address is an owner of the body's
 * `organizationId` (`multi_owner_members`). Another app's organization is answered like an unknown one.
 *
 * @example
 * const owner = await authenticateOwnerStamp(ctx, { app, body, header: (name) => stamp[name] })
 */
export async function authenticateOwnerStamp(
  ctx: SigilContext,
  { app, body, header }: AuthenticateOwnerStampParameters,
): Promise<OwnerStamp> {
  const headerValue = header('x-stamp')
  if (!headerValue) throw authenticationErrors.missingStamp()
  const json = parseJsonBody(body, {
    errorCode: signerErrorCodes.INVALID_REQUEST,
    malformedMessage: 'stampedRequest.body is not JSON',
  }) as Record<string, unknown> | null
  const organizationId = json?.organizationId
  if (!json || typeof json !== 'object' || typeof organizationId !== 'string' || !organizationId)
    throw new ApiError('INVALID_ARGUMENT', 'stampedRequest.body has no organizationId', {
      errorCode: signerErrorCodes.INVALID_REQUEST,
    })
  let stamp: ReturnType<typeof parseApiKeyStamp>
  let verified: boolean
  try {
    stamp = parseApiKeyStamp(headerValue)
    if (stamp.scheme !== 'SIGNATURE_SCHEME_TK_API_SECP256K1')
      throw new ApiError('UNAUTHENTICATED', 'an owner stamps with SIGNATURE_SCHEME_TK_API_SECP256K1', {
        errorCode: signerErrorCodes.UNAUTHENTICATED,
      })
    verified = await verifyApiKeyStamp({ body, stamp })
  } catch (cause) {
    if (!(cause instanceof InvalidStampError)) throw cause
    throw authenticationErrors.malformedStamp(cause.details, cause)
  }
  if (!verified) throw authenticationErrors.badApiKeySignature()
  const point = secp256k1.Point.fromBytes(hexToBytes(stamp.publicKey))
  const address = publicKeyToAddress(`0x${bytesToHex(point.toBytes(false))}`).toLowerCase() as `0x${string}`

  const organization = await ctx.store.db
    .selectFrom('organizations')
    .select('app_id')
    .where('id', '=', organizationId)
    .executeTakeFirst()
  if (!organization || (app && organization.app_id !== app.id)) throw multiOwnerErrors.organizationNotFound()
  const member = await ctx.store.db
    .selectFrom('multi_owner_members')
    .select('user_id')
    .where('organization_id', '=', organizationId)
    .where('evm_signer_address', '=', address)
    .executeTakeFirst()
  if (!member) throw multiOwnerErrors.notAnOwner()
  return {
    userId: member.user_id,
    organizationId,
    address,
    publicKey: bytesToHex(point.toBytes(true)),
    signature: stamp.signature,
    raw: body,
    json,
  }
}
