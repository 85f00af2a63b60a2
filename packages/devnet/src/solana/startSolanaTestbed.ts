import {
  type Address,
  appendTransactionMessageInstruction,
  type Blockhash,
  createSolanaRpc,
  createSolanaRpcSubscriptions,
  createTransactionMessage,
  type FullySignedTransaction,
  getBase64EncodedWireTransaction,
  partiallySignTransactionMessageWithSigners,
  pipe,
  sendAndConfirmTransactionFactory,
  setTransactionMessageFeePayer,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  type Transaction,
  type TransactionSigner,
  type TransactionWithBlockhashLifetime,
} from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'
import { type StartSolanaDevnetParameters, startSolanaDevnet } from './startSolanaDevnet.js'

export type TransferParameters = {
  feePayer: TransactionSigner | Address
  source: TransactionSigner
  destination: Address
  amount: bigint
  /** Default: the runtime's latest blockhash. */
  lifetime?: { blockhash: Blockhash; lastValidBlockHeight: bigint }
}

/**
 * For tests: the Solana runtime with `@solana/kit` clients on it, a SOL-transfer builder (signed by every signer
 * it has; a bare fee-payer address leaves that slot empty) and a raw JSON-RPC poster. Stop it with
 * `testbed.devnet.stop()`.
 *
 * @example
 * const { devnet, rpc, transfer, sendAndConfirm } = await startSolanaTestbed({ fund })
 */
export async function startSolanaTestbed(parameters: StartSolanaDevnetParameters = {}) {
  const devnet = await startSolanaDevnet(parameters)
  const rpc = createSolanaRpc(devnet.rpcUrl)
  const rpcSubscriptions = createSolanaRpcSubscriptions(devnet.wsUrl)
  const confirm = sendAndConfirmTransactionFactory({ rpc, rpcSubscriptions })

  async function transfer({ feePayer, source, destination, amount, lifetime }: TransferParameters) {
    const blockhash = lifetime ?? (await rpc.getLatestBlockhash().send()).value
    const message = pipe(
      createTransactionMessage({ version: 0 }),
      (draft) =>
        typeof feePayer === 'string'
          ? setTransactionMessageFeePayer(feePayer, draft)
          : setTransactionMessageFeePayerSigner(feePayer, draft),
      (draft) => setTransactionMessageLifetimeUsingBlockhash(blockhash, draft),
      (draft) =>
        appendTransactionMessageInstruction(
          getTransferSolInstruction({ source, destination, amount }),
          draft,
        ),
    )
    return (await partiallySignTransactionMessageWithSigners(message)) as Transaction &
      TransactionWithBlockhashLifetime
  }

  return {
    devnet,
    rpc,
    rpcSubscriptions,
    transfer,
    /** `sendAndConfirmTransactionFactory` (websocket confirmation) at `confirmed`. */
    sendAndConfirm: (transaction: Transaction & TransactionWithBlockhashLifetime) =>
      confirm(transaction as FullySignedTransaction & typeof transaction & never, {
        commitment: 'confirmed',
      }),
    /** Base64 wire form, as `sendTransaction` takes it. */
    wire: (transaction: Transaction) => getBase64EncodedWireTransaction(transaction),
    /** POSTs a raw body; answers the status and the parsed JSON (or null). */
    async post(body: string) {
      const response = await fetch(devnet.rpcUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      })
      const text = await response.text()
      return { status: response.status, json: text === '' ? null : (JSON.parse(text) as unknown) }
    },
  }
}
