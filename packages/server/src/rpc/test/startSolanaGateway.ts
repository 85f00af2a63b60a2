import { type SolanaDevnet, startSolanaDevnet } from '@sigil/devnet'
import { createApiKeyStamp } from '@sigil/protocol'
import {
  type Address,
  type AddressesByLookupTableAddress,
  appendTransactionMessageInstructions,
  type Blockhash,
  compileTransaction,
  compressTransactionMessageUsingAddressLookupTables,
  createSolanaRpc,
  createTransactionMessage,
  generateKeyPairSigner,
  getBase64EncodedWireTransaction,
  getBase64Encoder,
  getTransactionDecoder,
  type Instruction,
  type KeyPairSigner,
  partiallySignTransaction,
  pipe,
  type Signature,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
  type Transaction,
} from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'
import type { App } from '../../apps/App.js'
import { toApp } from '../../apps/toApp.js'
import { ensureSolanaFeePayer } from '../../sponsor/solana/ensureSolanaFeePayer.js'
import type { StoreDialect } from '../../store/createStore.js'
import { createTargetKey } from '../../test/createTargetKey.js'
import { createTestServer, type TestKey, type TestServer } from '../../test/createTestServer.js'
import { type LocalListener, serveOnLocalPort } from '../../test/serveOnLocalPort.js'
import { createUserAccount } from '../../users/createUserAccount.js'
import { mintSessionBundle } from '../../users/mintSessionBundle.js'
import { type CountingRpcProxy, startCountingRpcProxy } from './startCountingRpcProxy.js'

export const solanaChainId = 'solana-localnet'
/** Lamports the fee payer is funded with. */
export const feePayerFunds = 10_000_000_000n

/**
 * Tests: a real Solana runtime (`startSolanaDevnet`), a Sigil server on a fresh store of `dialect`
 * serving it as `solana-localnet` (and an EVM chain 31337 that is never reached) through a real
 * listener, its fee payer funded by airdrop, and helpers to build, sponsor, sign and send transfers
 * as a client would with `@solana/kit`.
 *
 * @example
 * const gateway = await startSolanaGateway('sqlite')
 * await gateway.stop()
 */
export async function startSolanaGateway(
  dialect: StoreDialect,
  options: {
    /** The server reaches the runtime through a proxy that counts its calls (`nodeCalls`). */
    countNodeCalls?: boolean
  } = {},
) {
  const solana: SolanaDevnet = await startSolanaDevnet()
  let server: TestServer | undefined
  let listener: LocalListener | undefined
  let proxy: CountingRpcProxy | undefined
  try {
    if (options.countNodeCalls) proxy = await startCountingRpcProxy(solana.rpcUrl)
    server = await createTestServer(dialect, {
      chains: [
        { id: solanaChainId, type: 'solana', rpcUrl: proxy?.url ?? solana.rpcUrl },
        { id: 31337, rpcUrl: 'http://127.0.0.1:9/unused' },
      ],
    })
    const feePayer = await ensureSolanaFeePayer(server.store.db, server.app.sigil.vault, { now: Date.now() })
    await solana.airdrop(feePayer.address, feePayerFunds)
    listener = await serveOnLocalPort(server.app)
    const url = `${listener.url}/rpc/${solanaChainId}/${server.signerApp.apiKey}`
    return createHelpers({ solana, server, listener, url, feePayer: feePayer.address, proxy })
  } catch (error) {
    await proxy?.close()
    await listener?.close()
    await server?.cleanup()
    await solana.stop()
    throw error
  }
}

/** A signed-in Sigil user of the test app: the session key that stamps gateway requests, and its ids. */
export type SolanaTestSession = { key: TestKey; organizationId: string; userId: string }

function createHelpers(parts: {
  solana: SolanaDevnet
  server: TestServer
  listener: LocalListener
  url: string
  feePayer: string
  proxy: CountingRpcProxy | undefined
}) {
  const { solana, server, listener, url, proxy } = parts
  /** A kit RPC client on the gateway (the node methods of its allow-list are forwarded). */
  const rpc = createSolanaRpc(url)

  /**
   * POSTs one JSON-RPC call to `/rpc/<chain>/<apiKey>` of the listener; answers the parsed body. With a
   * `session`, the body carries the user's stamp (`X-Stamp` over the exact body, `X-Sigil-Organization`),
   * as the signer SDK sends it.
   */
  const call = async (
    method: string,
    params: unknown,
    path = url,
    session?: SolanaTestSession,
    // biome-ignore lint/suspicious/noExplicitAny: tests read whatever shape the gateway answered.
  ): Promise<any> => {
    const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method, params })
    const headers: Record<string, string> = { accept: 'application/json', 'content-type': 'application/json' }
    if (session) {
      const stamp = await createApiKeyStamp({ body, privateKey: session.key.privateKey })
      headers[stamp.stampHeaderName] = stamp.stampHeaderValue
      headers['X-Sigil-Organization'] = session.organizationId
    }
    return (await fetch(path, { method: 'POST', headers, body })).json()
  }

  /** Signs `email` up and in to the test app (an email proven by code), as the key frame would. */
  const signIn = async (email: string): Promise<SolanaTestSession> => {
    const ctx = server.app.sigil
    const app: App = toApp(
      await server.store.db
        .selectFrom('apps')
        .selectAll()
        .where('id', '=', server.signerApp.appId)
        .executeTakeFirstOrThrow(),
    )
    const account = await createUserAccount(ctx, { app, email, emailProvenBy: 'code' })
    const targetKey = createTargetKey()
    const { credentialBundle } = await mintSessionBundle(ctx, {
      organizationId: account.organizationId,
      userId: account.userId,
      targetPublicKey: targetKey.publicKey,
      expirationSeconds: 900,
      credentialType: 'CREDENTIAL_TYPE_OTP_AUTH_KEY_P256',
    })
    return {
      key: await targetKey.open(credentialBundle),
      organizationId: account.organizationId,
      userId: account.userId,
    }
  }

  /** A user keypair funded with `lamports` (stands in for the user's Sigil signer, tested in @sigil/signer). */
  const newUser = async (lamports = 1_000_000_000n) => {
    const user = await generateKeyPairSigner()
    if (lamports > 0n) await solana.airdrop(user.address, lamports)
    return user
  }

  /**
   * A compiled, unsigned v0 (or legacy) message on the gateway's latest blockhash (or `blockhash`),
   * its accounts looked up in `lookupTables` when given (v0).
   */
  const build = async (
    payer: string,
    instructions: Instruction[],
    version: 0 | 'legacy' = 0,
    options: { blockhash?: Blockhash; lookupTables?: AddressesByLookupTableAddress } = {},
  ) => {
    const { value } = await rpc.getLatestBlockhash().send()
    const lifetime = options.blockhash ? { ...value, blockhash: options.blockhash } : value
    const message = pipe(
      createTransactionMessage({ version }),
      (each) => setTransactionMessageFeePayer(payer as Address, each),
      (each) => setTransactionMessageLifetimeUsingBlockhash(lifetime, each),
      (each) => appendTransactionMessageInstructions(instructions, each),
    )
    return compileTransaction(
      options.lookupTables
        ? compressTransactionMessageUsingAddressLookupTables(message as never, options.lookupTables)
        : message,
    )
  }

  const transfer = (source: KeyPairSigner | string, destination: string, amount: bigint) =>
    getTransferSolInstruction({
      source: typeof source === 'string' ? ({ address: source } as never) : source,
      destination: destination as Address,
      amount,
    })

  const decode = (base64: string) =>
    getTransactionDecoder().decode(getBase64Encoder().encode(base64)) as Transaction

  /** `alchemy_requestFeePayer`, as account-kit's `addSponsorship` sends it (stamped by `session` if given). */
  const requestFeePayer = (
    policyId: string,
    transaction: Transaction | string,
    session?: SolanaTestSession,
  ) =>
    call(
      'alchemy_requestFeePayer',
      [
        {
          policyId,
          serializedTransaction:
            typeof transaction === 'string' ? transaction : getBase64EncodedWireTransaction(transaction),
        },
      ],
      url,
      session,
    )

  /** Sends through the gateway and waits until the runtime reports it confirmed. */
  const sendAndConfirm = async (transaction: Transaction) => {
    const signature = await rpc
      .sendTransaction(getBase64EncodedWireTransaction(transaction), { encoding: 'base64' })
      .send()
    for (let waited = 0; waited < 10_000; waited += 50) {
      const { value } = await rpc.getSignatureStatuses([signature as Signature]).send()
      const status = value[0]
      if (status?.err) throw new Error(`transaction failed: ${JSON.stringify(status.err)}`)
      if (status?.confirmationStatus === 'confirmed' || status?.confirmationStatus === 'finalized')
        return signature
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
    throw new Error('transaction not confirmed in 10 s')
  }

  const sign = (user: KeyPairSigner, transaction: Transaction) =>
    partiallySignTransaction([user.keyPair], transaction)

  const recorded = async () =>
    (await server.store.db.selectFrom('solana_sponsorships').selectAll().execute()).length

  return {
    ...parts,
    rpc,
    call,
    signIn,
    newUser,
    build,
    transfer,
    decode,
    requestFeePayer,
    sendAndConfirm,
    sign,
    recorded,
    /** Calls of `method` the server made to the runtime (with `countNodeCalls`; else 0). */
    nodeCalls: (method: string) => proxy?.calls(method) ?? 0,
    async stop() {
      await listener.close()
      await proxy?.close()
      await server.cleanup()
      await solana.stop()
    },
  }
}

export type SolanaGateway = Awaited<ReturnType<typeof startSolanaGateway>>
