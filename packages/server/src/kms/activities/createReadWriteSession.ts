import { z } from 'zod'
import { ApiError } from '../../http/errors/ApiError.js'
import { prepareSessionBundle } from '../credentials/prepareSessionBundle.js'
import { defineActivity } from './defineActivity.js'

const uncompressedP256Hex = /^04[0-9a-fA-F]{128}$/

/**
 * `create_read_write_session` (Turnkey's `ACTIVITY_TYPE_CREATE_READ_WRITE_SESSION_V2`): a passkey
 * sign-in's one assertion buys a session key, sealed to the key frame's `targetPublicKey`, so the
 * rest of the session is stamped by that key (docs/security.md#sessions).
 *
 * Rules: the request must be stamped by a passkey (a session or API key cannot renew itself past its
 * own expiry); the session is for that passkey's own user, in that user's own organization (a root
 * organization's passkey gets nothing in a sub-organization, another `userId` is refused); its
 * lifetime is capped by `maxSessionSeconds`; the key is a read-write session key of that user only.
 * `organizationId` may name the parent organization, since a sign-in does not know its own yet.
 *
 * @example
 * // POST /public/v1/submit/create_read_write_session, X-Stamp-Webauthn
 * { type: 'ACTIVITY_TYPE_CREATE_READ_WRITE_SESSION_V2', timestampMs, organizationId: rootOrgId,
 *   parameters: { targetPublicKey, expirationSeconds: '900' } }
 */
export const createReadWriteSessionActivity = defineActivity({
  path: 'create_read_write_session',
  changesApiKeys: true,
  allowParentTarget: true,
  schema: z.object({
    targetPublicKey: z
      .string()
      .regex(uncompressedP256Hex, 'targetPublicKey must be an uncompressed P-256 public key (hex)'),
    userId: z.string().min(1).max(128).optional(),
    expirationSeconds: z
      .string()
      .regex(/^[1-9]\d{0,9}$/, 'expirationSeconds must be a whole number of seconds')
      .optional(),
  }),
  async prepare(ctx, run, parameters) {
    const { principal } = run
    if (principal.credential.kind !== 'authenticator')
      throw new ApiError('PERMISSION_DENIED', 'a read-write session must be requested with a passkey stamp', {
        errorCode: 'FORBIDDEN',
      })
    if (principal.organizationId !== run.organizationId)
      throw new ApiError(
        'PERMISSION_DENIED',
        "a passkey can only open a session in its own user's organization",
        {
          errorCode: 'FORBIDDEN',
        },
      )
    if (parameters.userId !== undefined && parameters.userId !== principal.userId)
      throw new ApiError('PERMISSION_DENIED', 'a passkey can only open a session for its own user', {
        errorCode: 'FORBIDDEN',
      })
    const [organization, user] = await Promise.all([
      ctx.store.db
        .selectFrom('organizations')
        .select('name')
        .where('id', '=', run.organizationId)
        .executeTakeFirstOrThrow(),
      ctx.store.db
        .selectFrom('users')
        .select('name')
        .where('id', '=', principal.userId)
        .executeTakeFirstOrThrow(),
    ])
    const { credentialBundle, apiKeyId, expiresAt, write } = await prepareSessionBundle(ctx, {
      organizationId: run.organizationId,
      userId: principal.userId,
      targetPublicKey: parameters.targetPublicKey,
      expirationSeconds:
        parameters.expirationSeconds === undefined ? undefined : Number(parameters.expirationSeconds),
      credentialType: 'CREDENTIAL_TYPE_READ_WRITE_SESSION_KEY_P256',
      now: run.now,
    })
    const expirationSeconds = String(Math.round((expiresAt - run.now) / 1000))
    return {
      result: {
        organizationId: run.organizationId,
        organizationName: organization.name,
        userId: principal.userId,
        username: user.name,
        apiKeyId,
        credentialBundle,
      },
      // The intent keeps the lifetime as carried out (capped by the server's maximum).
      parameters: { ...parameters, userId: principal.userId, expirationSeconds },
      write,
    }
  },
})
