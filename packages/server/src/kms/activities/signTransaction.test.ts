import { bytesToHex } from '@sigil/protocol'
import { Keypair, PublicKey, SystemProgram, Transaction } from '@solana/web3.js'
import { recoverTransactionAddress, serializeTransaction } from 'viem'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { storeDialects } from '../../store/test/storeDialects.js'
import { createTestServer, type TestServer } from '../../test/createTestServer.js'
import { createUserSubOrganization, type UserSubOrganization } from '../../test/createUserSubOrganization.js'

type Activity = {
  id: string
  intent: Record<string, unknown>
  result: Record<string, { signedTransaction: string }>
}
const activityOf = async (response: Response) => ((await response.json()) as { activity: Activity }).activity

const unsignedEthereum = serializeTransaction({
  type: 'eip1559',
  chainId: 1,
  nonce: 0,
  maxFeePerGas: 2n,
  maxPriorityFeePerGas: 1n,
  gas: 21_000n,
  to: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
})

describe.each(storeDialects)('sign_transaction on %s', (dialect) => {
  let server: TestServer
  let user: UserSubOrganization
  let other: UserSubOrganization
  beforeAll(async () => {
    server = await createTestServer(dialect)
    user = await createUserSubOrganization(server, { email: 'a@example.com', name: 'a' })
    other = await createUserSubOrganization(server, { email: 'b@example.com', name: 'b' })
  })
  afterAll(() => server.cleanup())

  const submit = (parameters: unknown, as = user) =>
    server.submit('sign_transaction', 'ACTIVITY_TYPE_SIGN_TRANSACTION_V2', parameters, {
      organizationId: as.organizationId,
      key: as.key,
    })

  test('default: the activity stores the intent and answers signTransactionResult', async () => {
    const parameters = {
      signWith: user.ethereumAddress,
      unsignedTransaction: unsignedEthereum,
      type: 'TRANSACTION_TYPE_ETHEREUM',
    }
    const response = await submit(parameters)
    expect(response.status).toBe(200)
    const activity = await activityOf(response)
    expect(activity.intent).toEqual({ signTransactionIntentV2: parameters })
    const { signedTransaction } = activity.result.signTransactionResult!
    expect(signedTransaction).not.toMatch(/^0x/)
    expect(
      await recoverTransactionAddress({ serializedTransaction: `0x${signedTransaction}` as never }),
    ).toBe(user.ethereumAddress)
  })

  test('behavior: a Solana transaction signed by two of the organization’s requests keeps both slots', async () => {
    const payer = new PublicKey(user.solanaAddress)
    const second = Keypair.generate()
    const transaction = new Transaction({ feePayer: payer, recentBlockhash: payer.toBase58() }).add(
      SystemProgram.transfer({ fromPubkey: second.publicKey, toPubkey: payer, lamports: 1 }),
    )
    transaction.partialSign(second)
    const unsigned = transaction.serialize({ requireAllSignatures: false }).toString('hex')
    const activity = await activityOf(
      await submit({
        signWith: user.solanaAddress,
        unsignedTransaction: unsigned,
        type: 'TRANSACTION_TYPE_SOLANA',
      }),
    )
    const signed = Transaction.from(
      Buffer.from(activity.result.signTransactionResult!.signedTransaction, 'hex'),
    )
    expect(signed.verifySignatures()).toBe(true)
    expect(signed.signatures.map(({ publicKey }) => publicKey.toBase58())).toEqual([
      user.solanaAddress,
      second.publicKey.toBase58(),
    ])
    expect(bytesToHex(signed.signatures[1]!.signature!)).toBe(
      bytesToHex(transaction.signatures[1]!.signature!),
    )
  })

  test('error: an account of another organization cannot sign', async () => {
    const theirs = new PublicKey(other.solanaAddress)
    const solana = new Transaction({ feePayer: theirs, recentBlockhash: theirs.toBase58() })
      .add(SystemProgram.transfer({ fromPubkey: theirs, toPubkey: theirs, lamports: 1 }))
      .serialize({ requireAllSignatures: false })
      .toString('hex')
    for (const [signWith, type, unsignedTransaction] of [
      [other.ethereumAddress, 'TRANSACTION_TYPE_ETHEREUM', unsignedEthereum],
      [other.solanaAddress, 'TRANSACTION_TYPE_SOLANA', solana],
    ]) {
      const response = await submit({ signWith, type, unsignedTransaction })
      expect(response.status).toBe(404)
      expect(await response.json()).toMatchObject({
        code: 5,
        error: `no wallet account found for signWith: ${signWith}`,
      })
    }
  })
})
