import { LocalAccountSigner } from '@aa-sdk/core'
import { alchemy, defineAlchemyChain } from '@account-kit/infra'
import { type Devnet, startDevnet } from '@sigil/devnet'
import { type Address, type Chain, createPublicClient, type Hex, http, type PublicClient } from 'viem'
import { generatePrivateKey } from 'viem/accounts'
import { anvil } from 'viem/chains'
import { startDevnetGateway } from '../../src/rpc/test/startDevnetGateway.js'
import { createSponsorPolicy } from '../../src/sponsor/createSponsorPolicy.js'
import type { TestServer } from '../../src/test/createTestServer.js'
import type { LocalListener } from '../../src/test/serveOnLocalPort.js'

export type AccountKitTestbed = {
  devnet: Devnet
  server: TestServer
  listener: LocalListener
  /** The devnet's chain as Account Kit wants it (with an `alchemy` RPC URL: Sigil's gateway). */
  chain: Chain
  /** `alchemy({ rpcUrl })` pointed at Sigil's gateway, the app key in the path. */
  transport: ReturnType<typeof alchemy>
  policyId: string
  /**
   * `chain`, `transport`, `policyId`, and receipt polling every 100 ms (Account Kit's default, 2 s, would make
   * the devnet's sub-second operations wait for nothing).
   */
  connection: {
    chain: Chain
    transport: ReturnType<typeof alchemy>
    policyId: string
    opts: { txRetryIntervalMs: number; txMaxRetries: number }
  }
  /** Reads the devnet node directly (verifyMessage / verifyTypedData, balances). */
  publicClient: PublicClient
  stop(): Promise<void>
}

/**
 * One devnet, one Sigil server on SQLite whose gateway serves it with a sponsorship policy, and Account Kit's
 * `alchemy` transport pointed at that gateway: what an unmodified Account Kit app gets after the `rpcUrl` switch.
 *
 * @example
 * const testbed = await startAccountKitTestbed()
 * await createModularAccountV2Client({ chain: testbed.chain, transport: testbed.transport, policyId: testbed.policyId, signer })
 */
export async function startAccountKitTestbed(): Promise<AccountKitTestbed> {
  const devnet = await startDevnet()
  try {
    const { server, listener } = await startDevnetGateway('sqlite', devnet)
    const policy = await createSponsorPolicy(server.store.db, {
      appId: server.signerApp.appId,
      chainIds: [devnet.chainId],
      now: Date.now(),
    })
    const rpcUrl = `${listener.url}/rpc/${devnet.chainId}/${server.signerApp.apiKey}`
    const chain = defineAlchemyChain({
      chain: { ...anvil, rpcUrls: { default: { http: [devnet.rpcUrl] } } },
      rpcBaseUrl: rpcUrl,
    })
    const transport = alchemy({ rpcUrl })
    return {
      connection: {
        chain,
        transport,
        policyId: policy.id,
        opts: { txRetryIntervalMs: 100, txMaxRetries: 200 },
      },
      devnet,
      server,
      listener,
      chain,
      transport,
      policyId: policy.id,
      publicClient: createPublicClient({ chain: anvil, transport: http(devnet.rpcUrl), pollingInterval: 50 }),
      async stop() {
        await listener.close()
        await server.cleanup()
        await devnet.stop()
      },
    }
  } catch (error) {
    await devnet.stop()
    throw error
  }
}

export type LocalSigner = ReturnType<typeof LocalAccountSigner.privateKeyToAccountSigner>

/** A fresh LocalAccountSigner (Account Kit's in-process owner) and its address. */
export function newOwner(): { signer: LocalSigner; address: Address } {
  const signer = LocalAccountSigner.privateKeyToAccountSigner(generatePrivateKey())
  return { signer, address: signer.inner.address }
}

/** What the tests need of an Account Kit smart account client. */
export type AccountKitClient = {
  account: { address: Address }
  sendUserOperation(args: { uo: { target: Address; data: Hex; value?: bigint } }): Promise<{ hash: Hex }>
  waitForUserOperationTransaction(args: { hash: Hex }): Promise<Hex>
  signMessage(args: { message: string }): Promise<Hex>
  signTypedData(args: { typedData: typeof typedData }): Promise<Hex>
}

/**
 * Sends `count` sponsored operations (a call to `recipient`) and waits for each to land: returns the
 * transactions' receipts' statuses.
 */
export async function sendOperations(testbed: AccountKitTestbed, client: AccountKitClient, count: number) {
  const statuses: string[] = []
  for (let i = 0; i < count; i++) {
    const { hash } = await client.sendUserOperation({ uo: { target: recipient, data: '0x', value: 0n } })
    const transaction = await client.waitForUserOperationTransaction({ hash })
    statuses.push((await testbed.publicClient.getTransactionReceipt({ hash: transaction })).status)
  }
  return statuses
}

/** Signs a message and typed data with the client and verifies both against the account's address (ERC-1271). */
export async function verifyAccountSignatures(testbed: AccountKitTestbed, client: AccountKitClient) {
  const address = client.account.address
  const message = `signed by ${address}`
  const messageSignature = await client.signMessage({ message })
  const typedSignature = await client.signTypedData({ typedData })
  return {
    message: await testbed.publicClient.verifyMessage({ address, message, signature: messageSignature }),
    typedData: await testbed.publicClient.verifyTypedData({
      address,
      ...typedData,
      signature: typedSignature,
    }),
    /** The same signature does not verify another message (the check can fail). */
    otherMessage: await testbed.publicClient.verifyMessage({
      address,
      message: 'another',
      signature: messageSignature,
    }),
  }
}

export const typedData = {
  domain: { name: 'Sigil compat', version: '1', chainId: 31337 },
  types: { Mail: [{ name: 'contents', type: 'string' }] },
  primaryType: 'Mail',
  message: { contents: 'hello from Account Kit' },
} as const

export const recipient: Address = '0x000000000000000000000000000000000000dEaD'
export type { Hex }
