import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { serve } from '@hono/node-server'
import { base58 } from '@scure/base'
import {
  Connection,
  Keypair,
  LAMPORTS_PER_SOL,
  PublicKey,
  SystemProgram,
  sendAndConfirmRawTransaction,
  sendAndConfirmTransaction,
  Transaction,
  TransactionMessage,
  VersionedTransaction,
} from '@solana/web3.js'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import {
  type SolanaWebsocketCompanion,
  solanaWebsocketCompanion,
} from '../../src/rpc/solanaWebsocketCompanion.js'
import {
  type SolanaGateway,
  solanaChainId,
  startSolanaGateway,
} from '../../src/rpc/test/startSolanaGateway.js'
import { createSolanaSponsorPolicy } from '../../src/sponsor/solana/createSolanaSponsorPolicy.js'

// @sigil-test own-process: web3.js's Connection keeps reconnecting its websocket (and logging `ws error:`)
// after the gateway stops, so this file must not share its process with other files.
/**
 * `@solana/web3.js` 1.x (1.99) unmodified against Sigil's Solana gateway: its `Connection` made from the
 * gateway URL confirms over the gateway's websocket (`/rpc/solana-<cluster>` upgrades) instead of hanging.
 * A real listener, the devnet's Solana runtime (litesvm), the server as the sponsored fee payer.
 *
 * web3.js derives its websocket URL from the HTTP one: same host and path, `ws:`/`wss:`, and for a URL
 * with an explicit port that port + 1 (a validator's layout). Tests use both: the derived URL (the
 * server's second listener on port + 1, as `sigil-server start --dev` opens it) and `wsEndpoint` on the same
 * port and path (what a deployment on the standard port gets by default).
 */

let gateway: SolanaGateway
let policyId: string
/** `http://127.0.0.1:<P>/rpc/solana-localnet/<apiKey>` on a listener whose P + 1 serves the websocket too. */
let httpUrl: string
let main: Server
let companion: SolanaWebsocketCompanion
const confirmWithin = 15_000

/** The server's listener on a free port P of 127.0.0.1 whose P + 1 is free too, for web3.js's derived URL. */
async function listenWithCompanion() {
  for (let attempt = 0; ; attempt++) {
    const server = await new Promise<Server>((resolve, reject) => {
      const listening = serve({ fetch: gateway.server.app.fetch, port: 0, hostname: '127.0.0.1' }, () =>
        resolve(listening as Server),
      ) as Server
      listening.once('error', reject)
    })
    gateway.server.app.websockets.attach(server)
    const port = (server.address() as AddressInfo).port
    try {
      const next = await solanaWebsocketCompanion(gateway.server.app.websockets, {
        port: port + 1,
        host: '127.0.0.1',
      })
      return { server, companion: next, port }
    } catch (error) {
      server.close()
      if (attempt >= 10) throw error
    }
  }
}

beforeAll(async () => {
  gateway = await startSolanaGateway('sqlite')
  policyId = (
    await createSolanaSponsorPolicy(gateway.server.store.db, {
      appId: gateway.server.signerApp.appId,
      chains: [solanaChainId],
      now: Date.now(),
    })
  ).id
  const listening = await listenWithCompanion()
  main = listening.server
  companion = listening.companion
  httpUrl = `http://127.0.0.1:${listening.port}/rpc/${solanaChainId}/${gateway.server.signerApp.apiKey}`
}, 60_000)

afterAll(async () => {
  await gateway?.server.app.websockets.close()
  main?.closeAllConnections()
  main?.close()
  await companion?.close()
  await gateway?.stop()
})

/** A funded user keypair (stands in for the user's Sigil signer). */
const newUser = async (lamports = LAMPORTS_PER_SOL) => {
  const user = Keypair.generate()
  await gateway.solana.airdrop(user.publicKey.toBase58(), BigInt(lamports))
  return user
}

/** A v0 transfer from `user`, sponsored by the gateway (`alchemy_requestFeePayer`) and signed by the user. */
async function sponsoredTransfer(
  connection: Connection,
  user: Keypair,
  recipient: PublicKey,
  lamports: number,
) {
  const latest = await connection.getLatestBlockhash('finalized')
  const message = new TransactionMessage({
    payerKey: user.publicKey,
    recentBlockhash: latest.blockhash,
    instructions: [SystemProgram.transfer({ fromPubkey: user.publicKey, toPubkey: recipient, lamports })],
  }).compileToV0Message()
  const unsigned = Buffer.from(new VersionedTransaction(message).serialize()).toString('base64')
  const answer = await gateway.requestFeePayer(policyId, unsigned)
  expect(answer.result, JSON.stringify(answer.error)).toBeDefined()
  const transaction = VersionedTransaction.deserialize(
    Buffer.from(answer.result.serializedTransaction, 'base64'),
  )
  transaction.sign([user])
  expect(transaction.message.staticAccountKeys[0]!.toBase58()).toBe(gateway.feePayer)
  return { transaction, latest }
}

describe('@solana/web3.js 1.x through the gateway', () => {
  test('behavior: @solana/web3.js derives the websocket from the gateway URL: same path, port + 1 when a port is given, the same port when none is', () => {
    const derived = (url: string) =>
      (new Connection(url) as unknown as { _rpcWsEndpoint: string })._rpcWsEndpoint
    expect(derived('https://sigil.example.com/rpc/solana-devnet/KEY')).toBe(
      'wss://sigil.example.com/rpc/solana-devnet/KEY',
    )
    expect(derived('http://127.0.0.1:8787/rpc/solana-localnet')).toBe(
      'ws://127.0.0.1:8788/rpc/solana-localnet',
    )
  })

  test(
    'default: @solana/web3.js sendAndConfirmTransaction of a sponsored transfer (server as fee payer) resolves with the finalized signature',
    async () => {
      const connection = new Connection(httpUrl, {
        commitment: 'finalized',
        wsEndpoint: httpUrl.replace('http:', 'ws:'),
      })
      const user = await newUser()
      const recipient = Keypair.generate().publicKey
      const { transaction } = await sponsoredTransfer(connection, user, recipient, 1_234_567)
      const feePayerBefore = gateway.solana.getBalance(gateway.feePayer)
      const started = performance.now()
      // web3.js's sendTransaction takes a VersionedTransaction already signed (no signers) though the
      // declared type of sendAndConfirmTransaction says Transaction: a legacy Transaction would be
      // re-signed by the given signers alone, dropping the fee payer's signature.
      const signature = await sendAndConfirmTransaction(
        connection,
        transaction as unknown as Transaction,
        undefined as unknown as [],
        { commitment: 'finalized' },
      )
      const took = performance.now() - started
      expect(signature).toBe(base58.encode(transaction.signatures[0]!))
      const { value } = await connection.getSignatureStatuses([signature])
      expect(value[0]).toMatchObject({ err: null, confirmationStatus: 'finalized' })
      expect(gateway.solana.getBalance(recipient.toBase58())).toBe(1_234_567n)
      expect(feePayerBefore - gateway.solana.getBalance(gateway.feePayer)).toBe(10_000n)
      expect(took).toBeLessThan(confirmWithin)
    },
    confirmWithin + 5_000,
  )

  test(
    'default: @solana/web3.js sendAndConfirmRawTransaction (block-height strategy) of a sponsored transfer resolves on the gateway URL alone (derived websocket, port + 1)',
    async () => {
      const connection = new Connection(httpUrl, 'finalized')
      const user = await newUser()
      const recipient = Keypair.generate().publicKey
      const { transaction, latest } = await sponsoredTransfer(connection, user, recipient, 2_000_000)
      const signature = await sendAndConfirmRawTransaction(
        connection,
        Buffer.from(transaction.serialize()),
        {
          signature: base58.encode(transaction.signatures[0]!),
          blockhash: latest.blockhash,
          lastValidBlockHeight: latest.lastValidBlockHeight,
        },
        { commitment: 'finalized' },
      )
      expect((await connection.getSignatureStatus(signature)).value?.err).toBeNull()
      expect(gateway.solana.getBalance(recipient.toBase58())).toBe(2_000_000n)
    },
    confirmWithin + 5_000,
  )

  test(
    'default: @solana/web3.js sendAndConfirmTransaction of a user-paid legacy Transaction, as typed, on the gateway URL alone',
    async () => {
      const connection = new Connection(httpUrl, 'finalized')
      const user = await newUser()
      const recipient = Keypair.generate().publicKey
      const transaction = new Transaction().add(
        SystemProgram.transfer({ fromPubkey: user.publicKey, toPubkey: recipient, lamports: 3_000_000 }),
      )
      const signature = await sendAndConfirmTransaction(connection, transaction, [user])
      expect(signature).toMatch(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/)
      expect(gateway.solana.getBalance(recipient.toBase58())).toBe(3_000_000n)
    },
    confirmWithin + 5_000,
  )

  test('behavior: @solana/web3.js onSlotChange notifies through the gateway; removeSlotChangeListener unsubscribes', async () => {
    const connection = new Connection(httpUrl, 'finalized')
    const slots: number[] = []
    const first = await new Promise<number>((resolve) => {
      const id = connection.onSlotChange((info) => {
        slots.push(info.slot)
        resolve(id)
      })
    })
    await connection.removeSlotChangeListener(first)
    const seen = slots.length
    // A second listener's notifications prove slots go on; the removed one gets none of them.
    const more = await new Promise<number[]>((resolve) => {
      const got: number[] = []
      const id = connection.onSlotChange((info) => {
        got.push(info.slot)
        if (got.length === 2) void connection.removeSlotChangeListener(id).then(() => resolve(got))
      })
    })
    expect(more).toHaveLength(2)
    expect(slots).toHaveLength(seen)
  })

  test('error: @solana/web3.js onLogs (logsSubscribe) is refused by the gateway with -32601, never forwarded', async () => {
    const connection = new Connection(httpUrl, 'finalized')
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
    try {
      const refused = new Promise<unknown>((resolve) =>
        errors.mockImplementation((_message, details) => resolve((details as { error?: unknown })?.error)),
      )
      const id = connection.onLogs(new PublicKey(gateway.feePayer), () => {})
      const error = (await refused) as { code?: number; message?: string }
      await connection.removeOnLogsListener(id)
      expect(error).toMatchObject({
        code: -32601,
        message: expect.stringContaining(
          "method logsSubscribe is not available over the gateway's websocket",
        ),
      })
    } finally {
      errors.mockRestore()
    }
  })
})
