import type { Devnet } from '@sigil/devnet'
import type { EvmChainConfig } from '../../gateway/ChainConfig.js'
import type { SigilServerConfig } from '../../resolveConfig.js'
import { ensurePaymasterSigner } from '../../sponsor/ensurePaymasterSigner.js'
import type { StoreDialect } from '../../store/createStore.js'
import { createTestServer, type TestServer } from '../../test/createTestServer.js'
import { type LocalListener, serveOnLocalPort } from '../../test/serveOnLocalPort.js'

export type DevnetGateway = {
  server: TestServer
  /** The real HTTP listener in front of `server`. */
  listener: LocalListener
  /** The devnet's chain as the server serves it (node, bundler, paymasters). */
  chain: EvmChainConfig
}

/**
 * A test server on a fresh store of `dialect` whose RPC gateway serves the devnet's chain, behind the real
 * listener, with its paymaster signer made the signer the devnet's paymasters trust.
 *
 * @example
 * ;({ server, listener } = await startDevnetGateway('sqlite', devnet))
 */
export async function startDevnetGateway(
  dialect: StoreDialect,
  devnet: Devnet,
  config: Partial<SigilServerConfig> = {},
): Promise<DevnetGateway> {
  const chain: EvmChainConfig = {
    id: devnet.chainId,
    rpcUrl: devnet.rpcUrl,
    bundlerUrl: devnet.bundlerUrl,
    paymasters: devnet.paymasters,
  }
  const server = await createTestServer(dialect, { chains: [chain], ...config })
  const signer = await ensurePaymasterSigner(server.store.db, server.app.sigil.vault, { now: Date.now() })
  await devnet.setPaymasterSigner(signer.address)
  return { server, listener: await serveOnLocalPort(server.app), chain }
}
