import { type SolanaDevnet, startSolanaDevnet } from '@sigil/devnet'
import { createSolanaSponsorPolicy } from '../../../server/src/sponsor/solana/createSolanaSponsorPolicy.js'
import { ensureSolanaFeePayer } from '../../../server/src/sponsor/solana/ensureSolanaFeePayer.js'
import { type LocalListener, serveOnLocalPort } from '../../../server/src/test/serveOnLocalPort.js'
import { createMemoryStorage } from '../../src/session/createMemoryStorage.js'
import type { SolanaConnection } from '../../src/solana/SolanaConnection.js'
import { toSolanaSigner } from '../../src/solana/toSolanaSigner.js'
import { createSignerTestbed, type SignerTestbed, testRpcUrl } from '../../src/test/createSignerTestbed.js'

/** The Solana chain id the server serves the runtime as. */
export const solanaChainId = 'solana-localnet'
/** Lamports the server's fee payer is funded with. */
export const feePayerFunds = 10_000_000_000n

export type SolanaTestbed = Awaited<ReturnType<typeof startSolanaTestbed>>

/**
 * Test helper for Solana end to end, every part real: the local Solana runtime (`startSolanaDevnet`,
 * litesvm), the Sigil server serving it as `solana-localnet` through a real listener, the server's
 * vault-held fee payer funded on the runtime, and Sigil signers (email sign-in through the listener)
 * whose Solana signers build, sponsor and sign transfers.
 *
 * @example
 * const testbed = await startSolanaTestbed()
 * const solana = await testbed.signIn('ada@example.com')
 * const transaction = await solana.addSponsorship(instructions, testbed.connection, testbed.policyId)
 */
export async function startSolanaTestbed() {
  const devnet: SolanaDevnet = await startSolanaDevnet()
  let signers: SignerTestbed | undefined
  let listener: LocalListener | undefined
  try {
    signers = await createSignerTestbed({
      chains: [{ id: solanaChainId, type: 'solana', rpcUrl: devnet.rpcUrl }],
    })
    const { server } = signers
    const feePayer = await ensureSolanaFeePayer(server.store.db, server.app.sigil.vault, { now: Date.now() })
    await devnet.airdrop(feePayer.address, feePayerFunds)
    listener = await serveOnLocalPort(server.app)
    const policy = await createSolanaSponsorPolicy(server.store.db, {
      appId: server.signerApp.appId,
      chains: [solanaChainId],
      now: Date.now(),
    })
    const { apiKey } = server.signerApp
    const testbed = signers
    const serverUrl = listener.url
    return {
      devnet,
      server,
      signers: testbed,
      serverUrl,
      /** The server's fee payer (base58). */
      feePayer: feePayer.address,
      /** A Solana policy of the test app without limits. */
      policyId: policy.id,
      /** The gateway through the listener: `alchemy_requestFeePayer` and every node method. */
      connection: { rpcUrl: `${serverUrl}/rpc/${solanaChainId}/${apiKey}` } satisfies SolanaConnection,
      /** The gateway in process, for signers using the testbed's `fetch` (DOM test environments). */
      inProcessConnection: {
        rpcUrl: `${testRpcUrl}/rpc/${solanaChainId}/${apiKey}`,
      } satisfies SolanaConnection,
      /**
       * Signs `email` in through the listener and answers the user's Solana signer, its address funded
       * with `lamports` (default 1 SOL) on the runtime. Each user has their own session storage.
       */
      async signIn(email: string, lamports = 1_000_000_000n) {
        const signer = testbed.createSigner({
          connection: { rpcUrl: serverUrl, apiKey },
          fetch: (input, init) => globalThis.fetch(input, init),
          sessionConfig: { storage: createMemoryStorage() },
        })
        await testbed.signIn(signer, email)
        const solana = toSolanaSigner(signer)
        if (lamports > 0n) await devnet.airdrop(solana.address, lamports)
        return solana
      },
      /** A Solana policy of the test app with these limits. */
      createPolicy: (limits: Omit<Parameters<typeof createSolanaSponsorPolicy>[1], 'appId' | 'now'> = {}) =>
        createSolanaSponsorPolicy(server.store.db, {
          appId: server.signerApp.appId,
          chains: [solanaChainId],
          now: Date.now(),
          ...limits,
        }),
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
