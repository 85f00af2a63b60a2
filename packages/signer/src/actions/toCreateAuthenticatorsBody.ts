import type { PasskeyAttestation } from '@sigil/protocol'

export type ToCreateAuthenticatorsBodyParameters = {
  organizationId: string
  userId: string
  /** The new passkey: its name (`passkey-<ms>`), base64url challenge and attestation. */
  authenticator: { authenticatorName: string; challenge: string; attestation: PasskeyAttestation }
  timestampMs?: number | undefined
}

/**
 * The `create_authenticators` (V2) activity body that adds a passkey (docs/protocol.md#public-api): keys
 * `organizationId`, `type`, `timestampMs` (string), `parameters {userId, authenticators}`.
 *
 * @example
 * await requestPublicApi(signer, 'submit/create_authenticators', toCreateAuthenticatorsBody({ organizationId, userId, authenticator }))
 */
export function toCreateAuthenticatorsBody(parameters: ToCreateAuthenticatorsBodyParameters) {
  return {
    organizationId: parameters.organizationId,
    type: 'ACTIVITY_TYPE_CREATE_AUTHENTICATORS_V2',
    timestampMs: String(parameters.timestampMs ?? Date.now()),
    parameters: {
      userId: parameters.userId,
      authenticators: [parameters.authenticator],
    },
  }
}
