import { readMailboxCode } from '../../../server/src/auth/email/test/readMailboxCode.js'
import type { SigilServerConfig } from '../../../server/src/resolveConfig.js'
import { createTestServer, type TestServer } from '../../../server/src/test/createTestServer.js'
import type { CreateSignerParameters } from '../config/SignerConfig.js'
import { createSigner } from '../createSigner.js'
import type { Signer } from '../Signer.js'
import { createMemoryStorage } from '../session/createMemoryStorage.js'
import type { SignerEventName } from '../store/SignerEvents.js'
import { createNodeFrameStamper } from './createNodeFrameStamper.js'

/** The URL the in-process server is reached at (requests never leave the process). */
export const testRpcUrl = 'http://sigil.test'

export type SignerTestbed = Awaited<ReturnType<typeof createSignerTestbed>>

/**
 * Test helper: the real Sigil server in process (SQLite, dev mailbox) and a factory of signers
 * wired to it through `fetch`, sharing one in-memory storage and one window event target, as tabs
 * of one browser do. Records every `/signer` route called. `serverConfig` adds server settings (e.g.
 * the RPC gateway's `chains`).
 *
 * @example
 * const testbed = await createSignerTestbed()
 * const signer = testbed.createSigner()
 */
export async function createSignerTestbed(serverConfig: Partial<SigilServerConfig> = {}) {
  const server: TestServer = await createTestServer('sqlite', { devMailbox: true, ...serverConfig })
  const storage = createMemoryStorage()
  const routes: string[] = []
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const request = new Request(input, init)
    routes.push(new URL(request.url).pathname.replace(/^\/signer/, ''))
    return server.app.request(request)
  }
  const signers: Signer[] = []
  return {
    server,
    storage,
    routes,
    fetch,
    /** A signer (a "tab"): its own window events and key frame stand-in unless given. */
    createSigner(overrides: Partial<CreateSignerParameters> = {}) {
      const signer = createSigner({
        connection: { rpcUrl: testRpcUrl, apiKey: server.signerApp.apiKey },
        stamper: createNodeFrameStamper(),
        fetch,
        window: new EventTarget(),
        ...overrides,
        sessionConfig: { storage, ...overrides.sessionConfig },
      })
      signers.push(signer)
      return signer
    },
    readCode: (email: string) => readMailboxCode(server, email),
    /** Records the events of `signer` in order, as `name` or `name:argument`. */
    recordEvents(signer: Signer, names: SignerEventName[]) {
      const seen: string[] = []
      for (const name of names)
        signer.on(name, (...args: unknown[]) => {
          const first = args[0]
          seen.push(
            typeof first === 'string'
              ? `${name}:${first}`
              : name === 'authenticating'
                ? `${name}:${(first as { type: string }).type}`
                : name,
          )
        })
      return seen
    },
    /** Signs `email` in by code: AWAITING_EMAIL_AUTH, read the mail, submit the code. */
    async signIn(signer: Signer, email: string) {
      await signer.ready
      const pending = signer.authenticate({ type: 'email', email })
      await waitForStatus(signer, 'AWAITING_EMAIL_AUTH')
      const user = await signer.authenticate({ type: 'otp', otpCode: await readMailboxCode(server, email) })
      await pending
      return user
    },
    async cleanup() {
      for (const signer of signers) signer.destroy()
      await server.cleanup()
    },
  }
}

/**
 * Resolves when `signer.status` is `status` (now or later).
 *
 * @example
 * await waitForStatus(signer, 'AWAITING_EMAIL_AUTH')
 */
export function waitForStatus(signer: Signer, status: Signer['status']): Promise<void> {
  if (signer.status === status) return Promise.resolve()
  return new Promise((resolve) => {
    const off = signer.on('statusChanged', (next) => {
      if (next !== status) return
      off()
      resolve()
    })
  })
}
