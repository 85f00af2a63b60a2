import type { Signature, Transaction } from '@solana/kit'
import { SignerError } from '../errors/SignerError.js'
import { requestSolanaRpc } from './requestSolanaRpc.js'
import type { SolanaConnection } from './SolanaConnection.js'

export type SolanaCommitment = 'processed' | 'confirmed' | 'finalized'

export type SendSolanaTransactionOptions = {
  /** How settled the transaction must be before this resolves. Default `'confirmed'`. */
  commitment?: SolanaCommitment | undefined
  /** Give up waiting after this long. Default 60 000 ms. */
  timeoutMs?: number | undefined
  /** Between two `getSignatureStatuses`. Default 250 ms. */
  pollingIntervalMs?: number | undefined
  /** Default `globalThis.fetch`. */
  fetch?: typeof fetch | undefined
}

const rank: Record<SolanaCommitment, number> = { processed: 0, confirmed: 1, finalized: 2 }

/**
 * Broadcasts a fully signed `@solana/kit` transaction (`sendTransaction`, base64, the node's preflight on)
 * and polls `getSignatureStatuses` until it reaches `commitment`; answers its signature (base58). A
 * refusal throws `SolanaRpcError` with the node's message; a transaction that landed with an error, or
 * that is not seen in time, throws `SignerError`.
 *
 * @example
 * const signature = await sendSolanaTransaction(await solana.addSignature(transaction), connection)
 */
export async function sendSolanaTransaction(
  transaction: Transaction,
  connection: SolanaConnection,
  {
    commitment = 'confirmed',
    timeoutMs = 60_000,
    pollingIntervalMs = 250,
    fetch,
  }: SendSolanaTransactionOptions = {},
): Promise<Signature> {
  // Named where loaded, so a bundler keeps only this of `@solana/kit` (an optional peer).
  const { getBase64EncodedWireTransaction } = await import('@solana/kit')
  const signature = await requestSolanaRpc<Signature>({
    connection,
    method: 'sendTransaction',
    params: [
      getBase64EncodedWireTransaction(transaction),
      { encoding: 'base64', preflightCommitment: commitment },
    ],
    fetch,
  })
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const { value } = await requestSolanaRpc<{
      value: ({ err: unknown; confirmationStatus: SolanaCommitment | null } | null)[]
    }>({ connection, method: 'getSignatureStatuses', params: [[signature]], fetch })
    const status = value[0]
    if (status?.err) throw new SignerError(`Transaction ${signature} failed: ${JSON.stringify(status.err)}`)
    if (status?.confirmationStatus && rank[status.confirmationStatus] >= rank[commitment]) return signature
    if (Date.now() > deadline)
      throw new SignerError(`Transaction ${signature} was not ${commitment} within ${timeoutMs} ms`)
    await new Promise((resolve) => setTimeout(resolve, pollingIntervalMs))
  }
}
