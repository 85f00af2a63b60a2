import { toApp } from '../../../apps/toApp.js'
import { createTargetKey, type StampedRequest, stampRequest } from '../../../test/createTargetKey.js'
import type { TestKey, TestServer } from '../../../test/createTestServer.js'
import { createUserAccount, type UserAccount } from '../../../users/createUserAccount.js'
import { mintSessionBundle } from '../../../users/mintSessionBundle.js'

export type MfaTestUser = UserAccount & {
  email: string
  /** The user's session key (from a real credential bundle). */
  session: TestKey
  /**
   * A stamped `sign_raw_payload` (V2) request carrying `marker`, as Account Kit sends to the MFA
   * routes; `timestampMs` defaults to the server clock.
   */
  stamp(marker: string, options?: { timestampMs?: string; key?: TestKey }): Promise<StampedRequest>
}

let counter = 0

/**
 * A signed-up user of the test app with a live session (bundle minted to a fresh target key and
 * opened, as the key frame does), for the MFA tests.
 *
 * @example
 * const user = await createMfaTestUser(server)
 * await server.signer('/v1/auth-list-multi-factors', { stampedRequest: await user.stamp('list_mfas') })
 */
export async function createMfaTestUser(server: TestServer): Promise<MfaTestUser> {
  const ctx = server.app.sigil
  const row = await ctx.store.db
    .selectFrom('apps')
    .selectAll()
    .where('id', '=', server.signerApp.appId)
    .executeTakeFirstOrThrow()
  const email = `mfa-user-${++counter}-${Date.now()}@example.com`
  const account = await createUserAccount(ctx, { app: toApp(row), email })
  const target = createTargetKey()
  const { credentialBundle } = await mintSessionBundle(ctx, {
    organizationId: account.organizationId,
    userId: account.userId,
    targetPublicKey: target.publicKey,
    expirationSeconds: 3600,
    credentialType: 'CREDENTIAL_TYPE_OTP_AUTH_KEY_P256',
  })
  const session = await target.open(credentialBundle)
  return {
    ...account,
    email,
    session,
    stamp: (marker, options = {}) =>
      stampRequest(
        {
          organizationId: account.organizationId,
          type: 'ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2',
          timestampMs: options.timestampMs ?? String(ctx.now()),
          parameters: {
            signWith: account.address,
            payload: marker,
            encoding: 'PAYLOAD_ENCODING_HEXADECIMAL',
            hashFunction: 'HASH_FUNCTION_NO_OP',
          },
        },
        options.key ?? session,
        'https://api.turnkey.com/public/v1/submit/sign_raw_payload',
      ),
  }
}
