import { startDevnet } from '@sigil/devnet'
import { createMemoryStorage } from '@sigil/signer'
import { http } from 'viem'
import { readMailboxCode } from '../../../server/src/auth/email/test/readMailboxCode.js'
import { createSponsorPolicy } from '../../../server/src/sponsor/createSponsorPolicy.js'
import { ensurePaymasterSigner } from '../../../server/src/sponsor/ensurePaymasterSigner.js'
import { createTestServer } from '../../../server/src/test/createTestServer.js'
import { serveOnLocalPort } from '../../../server/src/test/serveOnLocalPort.js'
import { createNodeFrameStamper } from '../../../signer/src/test/createNodeFrameStamper.js'
import { authenticate } from '../actions/authenticate.js'
import { sigilDevnet } from '../chains/sigilDevnet.js'
import type { CreateConfigParameters } from '../config/CreateConfigParameters.js'
import { createConfig, type SigilConfig } from '../createConfig.js'
import { waitForSignerStatus } from './createCoreTestbed.js'

export type SmartAccountTestbed = Awaited<ReturnType<typeof createSmartAccountTestbed>>

/**
 * Test helper for smart accounts: the devnet (`startDevnet`: anvil, EntryPoints, the account
 * stand-ins, paymasters, alto, on random ports), the real Sigil server on a local port with the
 * gateway serving the devnet chain, its vault's paymaster signer trusted by the paymasters, and a
 * sponsorship policy of the test app; configs on the devnet chain with that policy and Node signer seams.
 *
 * @example
 * const testbed = await createSmartAccountTestbed()
 * const config = testbed.createConfig()
 * await testbed.signIn(config, 'ada@example.com')
 */
export async function createSmartAccountTestbed() {
  const devnet = await startDevnet()
  const stops: (() => Promise<void>)[] = [devnet.stop]
  try {
    const server = await createTestServer('sqlite', {
      devMailbox: true,
      chains: [
        {
          id: devnet.chainId,
          rpcUrl: devnet.rpcUrl,
          bundlerUrl: devnet.bundlerUrl,
          paymasters: devnet.paymasters,
        },
      ],
    })
    stops.push(server.cleanup)
    const listener = await serveOnLocalPort(server.app)
    stops.push(listener.close)
    const { store, vault } = server.app.sigil
    const signer = await ensurePaymasterSigner(store.db, vault, { now: Date.now() })
    await devnet.setPaymasterSigner(signer.address)
    const policy = await createSponsorPolicy(store.db, { appId: server.signerApp.appId, now: Date.now() })
    const configs: SigilConfig[] = []
    /** Requests straight into the app, without the listener (a DOM test environment cannot serve HTTP). */
    const inProcessFetch: typeof fetch = async (input, init) => server.app.request(new Request(input, init))
    const gatewayUrl = `${listener.url}/rpc/${devnet.chainId}`
    const parameters = (overrides: Partial<CreateConfigParameters> = {}): CreateConfigParameters => ({
      connection: { rpcUrl: listener.url, apiKey: server.signerApp.apiKey },
      chain: sigilDevnet,
      policyId: policy.id,
      stamper: createNodeFrameStamper(),
      window: new EventTarget(),
      sessionConfig: { storage: createMemoryStorage() },
      storage: () => createMemoryStorage(),
      ...overrides,
    })
    return {
      devnet,
      server,
      serverUrl: listener.url,
      policy,
      gatewayUrl,
      inProcessFetch,
      /**
       * Parameters that reach the server in process: the signer's `fetch`, and the devnet chain's
       * gateway as a transport with the app key, for DOM test environments.
       */
      inProcessParameters: (overrides: Partial<CreateConfigParameters> = {}) =>
        parameters({
          fetch: inProcessFetch,
          chains: [
            {
              chain: sigilDevnet,
              transport: http(gatewayUrl, {
                fetchFn: inProcessFetch,
                fetchOptions: { headers: { authorization: `Bearer ${server.signerApp.apiKey}` } },
              }),
            },
          ],
          ...overrides,
        }),
      /** The parameters of a test config: the test app's key, the devnet chain and policy, Node signer seams. */
      parameters,
      createConfig(overrides: Partial<CreateConfigParameters> = {}) {
        const config = createConfig(parameters(overrides))
        configs.push(config)
        return config
      },
      /** Signs `email` in by code through the core actions. */
      async signIn(config: SigilConfig, email: string) {
        const pending = authenticate(config, { type: 'email', email })
        await waitForSignerStatus(config, 'AWAITING_EMAIL_AUTH')
        const user = await authenticate(config, {
          type: 'otp',
          otpCode: await readMailboxCode(server, email),
        })
        await pending
        return user
      },
      async cleanup() {
        for (const config of configs) config.store.getState().signer?.destroy()
        for (const stop of stops.reverse()) await stop()
      },
    }
  } catch (error) {
    for (const stop of stops.reverse()) await stop().catch(() => undefined)
    throw error
  }
}
