import { createNodeFrameStamper } from '../../../signer/src/test/createNodeFrameStamper.js'
import { createSignerTestbed, testRpcUrl } from '../../../signer/src/test/createSignerTestbed.js'
import { authenticate } from '../actions/authenticate.js'
import { watchSignerStatus } from '../actions/watchSignerStatus.js'
import { sigilDevnet } from '../chains/sigilDevnet.js'
import type { CreateConfigParameters } from '../config/CreateConfigParameters.js'
import { createConfig, type SigilConfig } from '../createConfig.js'
import type { SignerStatusState } from '../store/CoreState.js'

export type CoreTestbed = Awaited<ReturnType<typeof createCoreTestbed>>

/**
 * Test helper: the real Sigil server in process (the signer package's testbed: SQLite, dev
 * mailbox, `fetch` wired to the app) and a factory of configs on the devnet chain whose signers
 * use a Node stand-in for the key frame and share one session storage, as tabs of one browser do.
 *
 * @example
 * const testbed = await createCoreTestbed()
 * const config = testbed.createConfig()
 * await testbed.signIn(config, 'ada@example.com')
 */
export async function createCoreTestbed(serverConfig: Parameters<typeof createSignerTestbed>[0] = {}) {
  const signerTestbed = await createSignerTestbed(serverConfig)
  const configs: SigilConfig[] = []
  const parameters = (overrides: Partial<CreateConfigParameters> = {}): CreateConfigParameters => ({
    connection: { rpcUrl: testRpcUrl, apiKey: signerTestbed.server.signerApp.apiKey },
    chain: sigilDevnet,
    stamper: createNodeFrameStamper(),
    fetch: signerTestbed.fetch,
    window: new EventTarget(),
    sessionConfig: { storage: signerTestbed.storage },
    ...overrides,
  })
  return {
    server: signerTestbed.server,
    sessionStorage: signerTestbed.storage,
    routes: signerTestbed.routes,
    readCode: signerTestbed.readCode,
    /** The parameters of a test config: the test app's key, the devnet chain, Node signer seams. */
    parameters,
    createConfig(overrides: Partial<CreateConfigParameters> = {}) {
      const config = createConfig(parameters(overrides))
      configs.push(config)
      return config
    },
    /** Signs `email` in by code through the core actions: AWAITING_EMAIL_AUTH, read the mail, submit. */
    async signIn(config: SigilConfig, email: string) {
      const pending = authenticate(config, { type: 'email', email })
      await waitForSignerStatus(config, 'AWAITING_EMAIL_AUTH')
      const user = await authenticate(config, { type: 'otp', otpCode: await signerTestbed.readCode(email) })
      await pending
      return user
    },
    async cleanup() {
      for (const config of configs) config.store.getState().signer?.destroy()
      await signerTestbed.cleanup()
    },
  }
}

/**
 * Resolves when the store's signer status is `status` (now or later).
 *
 * @example
 * await waitForSignerStatus(config, 'CONNECTED')
 */
export function waitForSignerStatus(config: SigilConfig, status: SignerStatusState['status']): Promise<void> {
  if (config.store.getState().signerStatus.status === status) return Promise.resolve()
  return new Promise((resolve) => {
    const unwatch = watchSignerStatus(config)((next) => {
      if (next.status !== status) return
      unwatch()
      resolve()
    })
  })
}
