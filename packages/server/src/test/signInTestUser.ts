import type { App } from '../apps/App.js'
import type { SigilContext } from '../SigilContext.js'
import { createUserAccount } from '../users/createUserAccount.js'
import { mintSessionBundle } from '../users/mintSessionBundle.js'
import { createTargetKey } from './createTargetKey.js'
import type { TestKey } from './createTestServer.js'

export type TestSession = { key: TestKey; organizationId: string; userId: string; apiKeyId: string }

/**
 * A new user of `app` signed in by email code, as the frame would be: its session key (opened from the
 * credential bundle) stamps requests for its organization.
 *
 * @example
 * const session = await signInTestUser(server.app.sigil, app, 'a@example.com')
 */
export async function signInTestUser(
  ctx: SigilContext,
  app: App,
  email: string,
  expirationSeconds = 900,
): Promise<TestSession> {
  const account = await createUserAccount(ctx, { app, email, emailProvenBy: 'code' })
  const targetKey = createTargetKey()
  const { credentialBundle, apiKeyId } = await mintSessionBundle(ctx, {
    organizationId: account.organizationId,
    userId: account.userId,
    targetPublicKey: targetKey.publicKey,
    expirationSeconds,
    credentialType: 'CREDENTIAL_TYPE_OTP_AUTH_KEY_P256',
  })
  return {
    key: await targetKey.open(credentialBundle),
    organizationId: account.organizationId,
    userId: account.userId,
    apiKeyId,
  }
}
