import { Turnkey, type TurnkeyApiClient } from '@turnkey/sdk-server'
import { createTestServer, type TestServer } from '../../src/test/createTestServer.js'
import {
  createUserSubOrganization,
  type UserSubOrganization,
} from '../../src/test/createUserSubOrganization.js'
import { type LocalListener, serveOnLocalPort } from '../../src/test/serveOnLocalPort.js'

export type TurnkeyTestbed = {
  server: TestServer
  listener: LocalListener
  /** A user's sub-organization with an API key and a wallet (Ethereum and Solana accounts). */
  user: UserSubOrganization
  /** `@turnkey/sdk-server`'s `apiClient()`, unmodified, stamping with the user's API key against Sigil. */
  api: TurnkeyApiClient
  close(): Promise<void>
}

/**
 * A Sigil server (SQLite) on a real loopback listener, one user's sub-organization, and the published
 * `@turnkey/sdk-server` client pointed at it, for the Turnkey-client compatibility tests.
 *
 * @example
 * const { api, user, close } = await startTurnkeyTestbed({ email: 'kim@example.com', name: 'kim' })
 */
export async function startTurnkeyTestbed({
  email,
  name,
}: {
  email: string
  name: string
}): Promise<TurnkeyTestbed> {
  const server = await createTestServer('sqlite')
  const listener = await serveOnLocalPort(server.app)
  const user = await createUserSubOrganization(server, { email, name })
  const api = new Turnkey({
    apiBaseUrl: listener.url,
    apiPublicKey: user.key.publicKey,
    apiPrivateKey: user.key.privateKey,
    defaultOrganizationId: user.organizationId,
  }).apiClient()
  return {
    server,
    listener,
    user,
    api,
    async close() {
      await listener.close()
      await server.cleanup()
    },
  }
}
