import { type SolanaDevnet, startSolanaDevnet } from '@sigil/devnet'
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
import { ensureSolanaFeePayer } from '../../sponsor/solana/ensureSolanaFeePayer.js'
import type { StoreDialect } from '../../store/createStore.js'
import { createTestServer, type TestServer } from '../../test/createTestServer.js'
import { type LocalListener, serveOnLocalPort } from '../../test/serveOnLocalPort.js'

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
export async function startSolanaGateway(dialect: StoreDialect) {
  const solana: SolanaDevnet = await startSolanaDevnet()
  let server: TestServer | undefined
  let listener: LocalListener | undefined
  try {
    server = await createTestServer(dialect, {
      chains: [
        { id: solanaChainId, type: 'solana', rpcUrl: solana.rpcUrl },
        { id: 31337, rpcUrl: 'http://127.0.0.1:9/unused' },
      ],
    })
    const feePayer = await ensureSolanaFeePayer(server.store.db, server.app.sigil.vault, { now: Date.now() })
    await solana.airdrop(feePayer.address, feePayerFunds)
    listener = await serveOnLocalPort(server.app)
    const url = `${listener.url}/rpc/${solanaChainId}/${server.signerApp.apiKey}`
    return createHelpers({ solana, server, listener, url, feePayer: feePayer.address })
  } catch (error) {
    await listener?.close()
    await server?.cleanup()
    await solana.stop()
    throw error
  }
}

function createHelpers(parts: {
  solana: SolanaDevnet
  server: TestServer
  listener: LocalListener
  url: string
  feePayer: string
}) {
  const { solana, server, listener, url } = parts
  /** A kit RPC client on the gateway (every node method is forwarded). */
  const rpc = createSolanaRpc(url)

  /** POSTs one JSON-RPC call to `/rpc/<chain>/<apiKey>` of the listener; answers the parsed body. */
  // biome-ignore lint/suspicious/noExplicitAny: tests read whatever shape the gateway answered.
  const call = async (method: string, params: unknown, path = url): Promise<any> =>
    (
      await fetch(path, {
        method: 'POST',
        headers: { accept: 'application/json', 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
      })
    ).json()

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

  /** `alchemy_requestFeePayer`, as account-kit's `addSponsorship` sends it. */
  const requestFeePayer = (policyId: string, transaction: Transaction | string) =>
    call('alchemy_requestFeePayer', [
      {
        policyId,
        serializedTransaction:
          typeof transaction === 'string' ? transaction : getBase64EncodedWireTransaction(transaction),
      },
    ])

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
    newUser,
    build,
    transfer,
    decode,
    requestFeePayer,
    sendAndConfirm,
    sign,
    recorded,
    async stop() {
      await listener.close()
      await server.cleanup()
      await solana.stop()
    },
  }
}

export type SolanaGateway = Awaited<ReturnType<typeof startSolanaGateway>>
