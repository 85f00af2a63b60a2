import { type Hash, type Hex, toHex } from 'viem'
import type { CallsBundle } from './CallsBundle.js'
import type { SigilCallsStatus } from './SigilProvider.js'

type RpcReceipt = {
  logs: unknown[]
  status: Hex
  blockHash: Hash
  blockNumber: Hex
  gasUsed: Hex
  transactionHash: Hash
}
type RpcUserOperationReceipt = { success: boolean; logs: unknown[]; receipt: RpcReceipt }

const toReceipt = ({ logs, status, blockHash, blockNumber, gasUsed, transactionHash }: RpcReceipt) => ({
  logs,
  status,
  blockHash,
  blockNumber,
  gasUsed,
  transactionHash,
})

/**
 * The ERC-5792 v2 `wallet_getCallsStatus` answer of a bundle (docs/provider.md#wallet_getcallsstatus-erc-5792-v2), read
 * from the chain: `100` pending, `200` confirmed (every call succeeded), `500` reverted on chain, `600` partly
 * on chain (owner transactions only). Never `400`: a first send that fails is `wallet_sendCalls`' own error,
 * so no bundle is kept. A user operation is `atomic: true` with one receipt carrying the operation's own logs;
 * owner transactions are `atomic: false` with one receipt per transaction.
 *
 * @example
 * const { status, receipts } = await toCallsStatus('0x…', bundle)
 */
export async function toCallsStatus(id: string, bundle: CallsBundle): Promise<SigilCallsStatus> {
  const base = { version: '2.0.0' as const, id, chainId: toHex(bundle.chainId) }
  if (bundle.kind === 'userOperation') {
    const found = (await bundle.client.request({
      method: 'eth_getUserOperationReceipt',
      params: [bundle.hash],
    } as never)) as RpcUserOperationReceipt | null
    if (!found) return { ...base, status: 100, atomic: true }
    const receipt = { ...toReceipt(found.receipt), logs: found.logs, status: found.success ? '0x1' : '0x0' }
    return { ...base, status: found.success ? 200 : 500, atomic: true, receipts: [receipt] }
  }
  const receipts = (
    await Promise.all(
      bundle.hashes.map(
        (hash) =>
          bundle.client.request({
            method: 'eth_getTransactionReceipt',
            params: [hash],
          } as never) as Promise<RpcReceipt | null>,
      ),
    )
  ).filter((receipt): receipt is RpcReceipt => receipt !== null)
  const succeeded = receipts.filter((receipt) => receipt.status === '0x1').length
  const mined = receipts.length === bundle.hashes.length
  const done = bundle.failed || bundle.hashes.length === bundle.calls
  const status = !done || !mined ? 100 : succeeded === bundle.calls ? 200 : succeeded === 0 ? 500 : 600
  return { ...base, status, atomic: false, receipts: receipts.map(toReceipt) }
}
