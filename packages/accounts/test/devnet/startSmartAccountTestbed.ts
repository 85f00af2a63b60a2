import { type Devnet, startDevnet } from '@sigil/devnet'
import { toViemAccount } from '@sigil/signer'
import { createPublicClient, http, type PublicClient } from 'viem'
import { anvil } from 'viem/chains'
import { createSponsorPolicy } from '../../../server/src/sponsor/createSponsorPolicy.js'
import { ensurePaymasterSigner } from '../../../server/src/sponsor/ensurePaymasterSigner.js'
import { type LocalListener, serveOnLocalPort } from '../../../server/src/test/serveOnLocalPort.js'
import { createMemoryStorage } from '../../../signer/src/session/createMemoryStorage.js'
import { createSignerTestbed, type SignerTestbed } from '../../../signer/src/test/createSignerTestbed.js'
import { defineSigilChain, type SigilChain } from '../../src/chains/defineSigilChain.js'
import { sigil } from '../../src/transport/sigil.js'

export type SmartAccountTestbed = Awaited<ReturnType<typeof startSmartAccountTestbed>>

/**
 * Test helper for smart accounts end to end, every part real: the devnet (anvil, EntryPoints, Sigil's
 * account contracts, paymasters, alto) on random ports, the Sigil server on a real listener with the RPC
 * gateway for the devnet and its paymaster signer trusted by the paymasters, a gas policy of the test app,
 * and Sigil signers (email sign-in through the server) whose viem accounts own the smart accounts.
 *
 * @example
 * const testbed = await startSmartAccountTestbed()
 * const owner = await testbed.signIn('alice@example.com')
 * const account = await toLightAccount({ client: testbed.gatewayClient, owner })
 */
export async function startSmartAccountTestbed() {
  const devnet: Devnet = await startDevnet()
  let signers: SignerTestbed | undefined
  let listener: LocalListener | undefined
  try {
    signers = await createSignerTestbed({
      chains: [
        {
          id: devnet.chainId,
          rpcUrl: devnet.rpcUrl,
          bundlerUrl: devnet.bundlerUrl,
          paymasters: devnet.paymasters,
        },
      ],
    })
    const { server } = signers
    const paymasterSigner = await ensurePaymasterSigner(server.store.db, server.app.sigil.vault, {
      now: Date.now(),
    })
    await devnet.setPaymasterSigner(paymasterSigner.address)
    listener = await serveOnLocalPort(server.app)
    const policy = await createSponsorPolicy(server.store.db, {
      appId: server.signerApp.appId,
      chainIds: [devnet.chainId],
      now: Date.now(),
    })
    const chain: SigilChain = defineSigilChain({ chain: anvil, serverUrl: listener.url })
    const transport = sigil({ jwt: server.signerApp.apiKey })
    const testbed = signers
    return {
      devnet,
      server,
      chain,
      /** The sigil transport with the test app's key (bearer). */
      transport,
      policyId: policy.id,
      /** A client on the gateway (what the accounts read the chain through). */
      gatewayClient: createPublicClient({ chain, transport, pollingInterval: 20 }) as PublicClient,
      /** A client on the node directly (for checks that should not depend on the gateway). */
      nodeClient: createPublicClient({ chain: anvil, transport: http(devnet.rpcUrl), pollingInterval: 20 }),
      /** Signs `email` in (email code through the server) and returns the signer's viem account. */
      async signIn(email: string) {
        // Its own session storage: each owner is another person, not another tab of the same one.
        const signer = testbed.createSigner({ sessionConfig: { storage: createMemoryStorage() } })
        await testbed.signIn(signer, email)
        return toViemAccount(signer)
      },
      /** A gas policy with these limits for the test app. */
      createPolicy: (limits: Omit<Parameters<typeof createSponsorPolicy>[1], 'appId' | 'now'>) =>
        createSponsorPolicy(server.store.db, { appId: server.signerApp.appId, now: Date.now(), ...limits }),
      async stop() {
        await listener?.close()
        await testbed.cleanup()
        await devnet.stop()
      },
    }
  } catch (error) {
    await listener?.close()
    await signers?.cleanup()
    await devnet.stop()
    throw error
  }
}
