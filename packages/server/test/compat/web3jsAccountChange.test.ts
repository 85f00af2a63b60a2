import {
  type AccountInfo,
  Connection,
  type Context,
  Keypair,
  LAMPORTS_PER_SOL,
  type PublicKey,
  SystemProgram,
  TransactionMessage,
  VersionedTransaction,
} from '@solana/web3.js'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import {
  type SolanaGateway,
  solanaChainId,
  startSolanaGateway,
} from '../../src/rpc/test/startSolanaGateway.js'
import { createSolanaSponsorPolicy } from '../../src/sponsor/solana/createSolanaSponsorPolicy.js'

// @sigil-test own-process: web3.js's Connection keeps reconnecting its websocket (and logging `ws error:`)
// after the gateway stops, so this file must not share its process with other files.
/**
 * `@solana/web3.js` 1.x (1.99) unmodified: `connection.onAccountChange` through Sigil's Solana gateway
 * (`accountSubscribe` over the websocket of `/rpc/solana-<cluster>`, proxied to the devnet's Solana runtime)
 * reports a balance changed by a sponsored transfer, and `removeAccountChangeListener` ends it. A real
 * listener; the websocket on the same port and path (`wsEndpoint`), as a deployment on the standard port has it.
 */

let gateway: SolanaGateway
let policyId: string
let connection: Connection

beforeAll(async () => {
  gateway = await startSolanaGateway('sqlite')
  gateway.server.app.websockets.attach(gateway.listener.server)
  policyId = (
    await createSolanaSponsorPolicy(gateway.server.store.db, {
      appId: gateway.server.signerApp.appId,
      chains: [solanaChainId],
      now: Date.now(),
    })
  ).id
  const httpUrl = `${gateway.listener.url}/rpc/${solanaChainId}/${gateway.server.signerApp.apiKey}`
  connection = new Connection(httpUrl, {
    commitment: 'confirmed',
    wsEndpoint: httpUrl.replace('http:', 'ws:'),
  })
}, 60_000)

afterAll(async () => {
  await gateway?.server.app.websockets.close()
  await gateway?.stop()
})

/** A funded user keypair (stands in for the user's Sigil signer). */
const newUser = async (lamports = LAMPORTS_PER_SOL) => {
  const user = Keypair.generate()
  await gateway.solana.airdrop(user.publicKey.toBase58(), BigInt(lamports))
  return user
}

/** A v0 transfer from `user` whose fee the gateway pays (`alchemy_requestFeePayer`), sent without waiting. */
async function sendSponsoredTransfer(user: Keypair, recipient: PublicKey, lamports: number) {
  const { blockhash } = await connection.getLatestBlockhash()
  const message = new TransactionMessage({
    payerKey: user.publicKey,
    recentBlockhash: blockhash,
    instructions: [SystemProgram.transfer({ fromPubkey: user.publicKey, toPubkey: recipient, lamports })],
  }).compileToV0Message()
  const unsigned = Buffer.from(new VersionedTransaction(message).serialize()).toString('base64')
  const answer = await gateway.requestFeePayer(policyId, unsigned)
  expect(answer.result, JSON.stringify(answer.error)).toBeDefined()
  const transaction = VersionedTransaction.deserialize(
    Buffer.from(answer.result.serializedTransaction, 'base64'),
  )
  transaction.sign([user])
  return connection.sendRawTransaction(transaction.serialize())
}

/** The account changes `onAccountChange` reports, and a wait for the next one. */
function watch(publicKey: PublicKey) {
  const changes: { info: AccountInfo<Buffer>; context: Context }[] = []
  let wake = () => {}
  const id = connection.onAccountChange(publicKey, (info, context) => {
    changes.push({ info, context })
    wake()
  })
  const next = (count: number) =>
    new Promise<typeof changes>((resolve) => {
      const check = () => (changes.length >= count ? resolve(changes) : undefined)
      wake = check
      check()
    })
  return { id, changes, next }
}

/** Resolves once the subscription of listener `id` is live on the server (web3.js subscribes lazily). */
async function subscribed(id: number) {
  const subscriptions = (connection as unknown as { _subscriptionsByHash: Record<string, { state: string }> })
    ._subscriptionsByHash
  const byId = (connection as unknown as { _subscriptionHashByClientSubscriptionId: Record<number, string> })
    ._subscriptionHashByClientSubscriptionId
  for (let waited = 0; waited < 10_000; waited += 10) {
    const hash = byId[id]
    if (hash && subscriptions[hash]?.state === 'subscribed') return
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
  throw new Error(`listener ${id} never subscribed`)
}

describe('@solana/web3.js 1.x onAccountChange through the gateway', () => {
  test('default: onAccountChange reports the recipient balance a sponsored transfer changed; removeAccountChangeListener stops it', async () => {
    const user = await newUser()
    const recipient = await newUser(5_000_000)
    const watcher = watch(recipient.publicKey)
    await subscribed(watcher.id)

    const signature = await sendSponsoredTransfer(user, recipient.publicKey, 1_234_567)
    const [change] = await watcher.next(1)
    expect(change!.info.lamports).toBe(5_000_000 + 1_234_567)
    expect(change!.info.owner.equals(SystemProgram.programId)).toBe(true)
    expect(change!.info.data).toEqual(Buffer.alloc(0))
    expect(change!.info.executable).toBe(false)
    const status = (await connection.getSignatureStatus(signature)).value
    expect(status?.err).toBeNull()
    expect(change!.context.slot).toBe(status?.slot)
    expect(gateway.solana.getBalance(recipient.publicKey.toBase58())).toBe(5_000_000n + 1_234_567n)

    await connection.removeAccountChangeListener(watcher.id)
    // A second watcher on the same account sees the next transfer; the removed one does not.
    const second = watch(recipient.publicKey)
    await subscribed(second.id)
    await sendSponsoredTransfer(user, recipient.publicKey, 1_000)
    const [again] = await second.next(1)
    expect(again!.info.lamports).toBe(5_000_000 + 1_234_567 + 1_000)
    expect(watcher.changes).toHaveLength(1)
    await connection.removeAccountChangeListener(second.id)
  })

  test('behavior: onAccountChange of the sender reports its balance less only the amount: the gateway paid the fee', async () => {
    const user = await newUser()
    const watcher = watch(user.publicKey)
    await subscribed(watcher.id)
    await sendSponsoredTransfer(user, Keypair.generate().publicKey, 2_000_000)
    const [change] = await watcher.next(1)
    expect(change!.info.lamports).toBe(LAMPORTS_PER_SOL - 2_000_000)
    await connection.removeAccountChangeListener(watcher.id)
  })
})
