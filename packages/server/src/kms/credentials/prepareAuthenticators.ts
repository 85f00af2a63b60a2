import { p256 } from '@noble/curves/nist.js'
import { base64urlEncode, bytesToHex, signerErrorCodes } from '@sigil/protocol'
import { verifyRegistrationResponse } from '@simplewebauthn/server'
import { convertCOSEtoPKCS } from '@simplewebauthn/server/helpers'
import type { Insertable, Transaction } from 'kysely'
import type { z } from 'zod'
import { ApiError } from '../../http/errors/ApiError.js'
import { createId } from '../../ids/createId.js'
import type { SigilContext } from '../../SigilContext.js'
import { isUniqueViolation } from '../../store/isUniqueViolation.js'
import type { AuthenticatorTable, Database } from '../../store/schema.js'
import { getWebauthnExpectations } from '../auth/getWebauthnExpectations.js'
import type { authenticatorParamsSchema } from './authenticatorSchemas.js'

const transportNames: Record<string, string> = {
  AUTHENTICATOR_TRANSPORT_BLE: 'ble',
  AUTHENTICATOR_TRANSPORT_INTERNAL: 'internal',
  AUTHENTICATOR_TRANSPORT_NFC: 'nfc',
  AUTHENTICATOR_TRANSPORT_USB: 'usb',
  AUTHENTICATOR_TRANSPORT_HYBRID: 'hybrid',
}

export type PrepareAuthenticatorsParameters = {
  organizationId: string
  userId: string
  authenticators: z.output<typeof authenticatorParamsSchema>[]
  now: number
  /** Only this app's origins and rp ids are accepted (sign-up through an app); default: any known. */
  app?: { allowedOrigins: string[] } | undefined
}

/** The credential id or public key is already registered (server-wide, any organization). */
export const passkeyAlreadyRegistered = (cause?: unknown) =>
  new ApiError('ALREADY_EXISTS', 'this passkey is already registered', {
    errorCode: signerErrorCodes.PASSKEY_EXISTS,
    cause,
  })

/**
 * Verifies passkey registrations (attestation, challenge, allowed origin and relying party) with
 * `@simplewebauthn/server` and returns the ids and the write that stores the credentials.
 *
 * The credential id stored is the one inside the verified attestation (authenticator data), never the
 * client's `attestation.credentialId`, and the two must be equal (`@simplewebauthn/server` v13 does not
 * compare them). A credential id and a passkey public key belong to one row server-wide (migration 0007's
 * unique indexes): the write throws `PASSKEY_EXISTS` (409) when either is taken, in any organization; the
 * index decides, so concurrent registrations cannot both succeed. A P-256 passkey key that is a live API
 * key in another organization is refused too (a look-up: the tables share no index).
 *
 * @example
 * const { authenticatorIds, write } = await prepareAuthenticators(ctx, { organizationId, userId, authenticators, now })
 */
export async function prepareAuthenticators(
  ctx: SigilContext,
  { organizationId, userId, authenticators, now, app }: PrepareAuthenticatorsParameters,
) {
  const expected = await getWebauthnExpectations(ctx, app)
  const rows: Insertable<AuthenticatorTable>[] = []
  for (const [index, authenticator] of authenticators.entries()) {
    const { attestation } = authenticator
    let verification: Awaited<ReturnType<typeof verifyRegistrationResponse>>
    try {
      verification = await verifyRegistrationResponse({
        response: {
          id: attestation.credentialId,
          rawId: attestation.credentialId,
          type: 'public-key',
          clientExtensionResults: {},
          response: {
            clientDataJSON: attestation.clientDataJson,
            attestationObject: attestation.attestationObject,
            transports: attestation.transports.map((transport) => transportNames[transport]) as never,
          },
        },
        expectedChallenge: authenticator.challenge,
        expectedOrigin: expected.origins,
        expectedRPID: expected.rpIds,
        requireUserVerification: false,
        supportedAlgorithmIDs: [-7, -257],
      })
    } catch (cause) {
      throw new ApiError('INVALID_ARGUMENT', `invalid passkey attestation for authenticator ${index}`, {
        errorCode: signerErrorCodes.REQUEST_INVALID,
        cause,
        details: cause instanceof Error ? cause.message : undefined,
      })
    }
    if (!verification.verified || !verification.registrationInfo)
      throw new ApiError(
        'INVALID_ARGUMENT',
        `passkey attestation for authenticator ${index} did not verify`,
        {
          errorCode: signerErrorCodes.REQUEST_INVALID,
        },
      )
    const info = verification.registrationInfo
    if (info.credential.id !== attestation.credentialId.replace(/=+$/, ''))
      throw new ApiError(
        'INVALID_ARGUMENT',
        `attestation.credentialId of authenticator ${index} is not the attested credential id`,
        {
          errorCode: signerErrorCodes.CREDENTIAL_ID_MISMATCH,
          fieldViolations: [
            {
              field: `authenticators[${index}].attestation.credentialId`,
              description: 'must equal the credential id in the attestation object',
            },
          ],
        },
      )
    rows.push({
      id: createId(),
      organization_id: organizationId,
      user_id: userId,
      name: authenticator.authenticatorName,
      credential_id: info.credential.id,
      cose_public_key: base64urlEncode(info.credential.publicKey),
      public_key: displayPublicKey(info.credential.publicKey),
      counter: info.credential.counter,
      transports: JSON.stringify(attestation.transports),
      aaguid: info.aaguid,
      attestation_type: info.fmt,
      created_at: now,
      updated_at: now,
    })
  }
  const publicKeys = rows.map((row) => row.public_key)
  if (
    new Set(rows.map((row) => row.credential_id)).size < rows.length ||
    new Set(publicKeys).size < rows.length
  )
    throw new ApiError('INVALID_ARGUMENT', 'the same passkey is given twice', {
      errorCode: signerErrorCodes.REQUEST_INVALID,
      fieldViolations: [{ field: 'authenticators', description: 'passkeys must be distinct' }],
    })
  return {
    authenticatorIds: rows.map((row) => row.id),
    async write(trx: Transaction<Database>) {
      if (rows.length === 0) return
      const apiKey = await trx
        .selectFrom('api_keys')
        .select('id')
        .where('public_key', 'in', publicKeys)
        .where('curve_type', '=', 'API_KEY_CURVE_P256')
        .where('organization_id', '!=', organizationId)
        .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
        .executeTakeFirst()
      if (apiKey) throw passkeyAlreadyRegistered()
      try {
        await trx.insertInto('authenticators').values(rows).execute()
      } catch (error) {
        if (isUniqueViolation(error)) throw passkeyAlreadyRegistered(error)
        throw error
      }
    },
  }
}

/** Compressed SEC1 hex for an ES256 key; hex of the COSE key otherwise. */
function displayPublicKey(cosePublicKey: Uint8Array): string {
  try {
    return bytesToHex(p256.Point.fromBytes(convertCOSEtoPKCS(new Uint8Array(cosePublicKey))).toBytes(true))
  } catch {
    return bytesToHex(cosePublicKey)
  }
}
