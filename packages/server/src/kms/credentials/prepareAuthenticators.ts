import { p256 } from '@noble/curves/nist.js'
import { base64urlEncode, bytesToHex } from '@sigil/protocol'
import { verifyRegistrationResponse } from '@simplewebauthn/server'
import { convertCOSEtoPKCS } from '@simplewebauthn/server/helpers'
import type { Insertable, Transaction } from 'kysely'
import type { z } from 'zod'
import { ApiError } from '../../http/errors/ApiError.js'
import { createId } from '../../ids/createId.js'
import type { SigilContext } from '../../SigilContext.js'
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

/**
 * Verifies passkey registrations (attestation, challenge, allowed origin and relying party) with
 * `@simplewebauthn/server` and returns the ids and the write that stores the credentials.
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
        errorCode: 'REQUEST_INVALID',
        cause,
        details: cause instanceof Error ? cause.message : undefined,
      })
    }
    if (!verification.verified || !verification.registrationInfo)
      throw new ApiError(
        'INVALID_ARGUMENT',
        `passkey attestation for authenticator ${index} did not verify`,
        {
          errorCode: 'REQUEST_INVALID',
        },
      )
    const info = verification.registrationInfo
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
  return {
    authenticatorIds: rows.map((row) => row.id),
    async write(trx: Transaction<Database>) {
      if (rows.length > 0) await trx.insertInto('authenticators').values(rows).execute()
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
