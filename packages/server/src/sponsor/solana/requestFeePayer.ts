import { sha256 } from '@noble/hashes/sha2.js'
import { bytesToHex } from '@noble/hashes/utils.js'
import {
  getBase58Decoder,
  getBase64Decoder,
  getTransactionEncoder,
  type SignatureBytes,
  type TransactionMessageBytes,
} from '@solana/kit'
import type { SolanaChainConfig } from '../../gateway/ChainConfig.js'
import type { GatewayRequest } from '../../gateway/GatewayRequest.js'
import { RpcError, rpcErrorCodes } from '../../gateway/RpcError.js'
import { assertPolicyAudience } from '../assertPolicyAudience.js'
import { assertFeePayerOnlyPaysFees } from './assertFeePayerOnlyPaysFees.js'
import { assertNoDurableNonce } from './assertNoDurableNonce.js'
import { assertSolanaPolicyAllows, noSolanaPolicyUsage } from './assertSolanaPolicyAllows.js'
import { decodeSolanaTransaction } from './decodeSolanaTransaction.js'
import { findSolanaSponsorPolicy } from './findSolanaSponsorPolicy.js'
import { parseFeePayerParams } from './parseFeePayerParams.js'
import { quoteSolanaFee } from './quoteSolanaFee.js'
import { readSolanaLastValidBlockHeight } from './readSolanaLastValidBlockHeight.js'
import { readSolanaPolicyUsage } from './readSolanaPolicyUsage.js'
import { recordSolanaSponsorship } from './recordSolanaSponsorship.js'
import type { SponsoredSolanaTransaction } from './SponsoredSolanaTransaction.js'
import { setSolanaFeePayer } from './setSolanaFeePayer.js'
import { settlePolicyQuotesThrottled } from './settlePolicyQuotesThrottled.js'
import { signWithSolanaFeePayer } from './signWithSolanaFeePayer.js'
import { simulateSolanaTransaction } from './simulateSolanaTransaction.js'

/** The JSON-RPC method of the Solana fee payer. */
export const solanaFeePayerMethod = 'alchemy_requestFeePayer'

/**
 * `alchemy_requestFeePayer` `[{ policyId, serializedTransaction }]` on a Solana chain: has the
 * server's fee payer (vault-held) pay the transaction's fee, and answers `{ serializedTransaction }`
 * (base64) with the fee payer first and its signature in slot 0.
 *
 * First the policy's audience (`assertPolicyAudience`): who may use it, and who its per-user limits
 * count: `user:<Sigil user id>` for a signed-in caller, else `key:<first signer besides the fee payer>`
 * (a key anyone can mint, so per-user limits bind only signed-in audiences).
 *
 * A message built with the user as payer is rewritten with the fee payer first (the other signers then
 * sign the returned message); one built with the fee payer first is kept with its signatures. Then: the
 * drain rule (the fee payer only pays fees; no lookup tables), no durable nonce (the first instruction is
 * not `AdvanceNonceAccount`), the app's Solana policy (kind, chain, programs, disabled, expired, per-user
 * per day), the fee the node quotes for the final message (which also proves its blockhash recent)
 * against the policy's lamports limit (or the server's cap, `SIGIL_SOLANA_MAX_FEE_LAMPORTS`, for a
 * policy without one) and its budgets (per policy and per user, per period; quotes whose blockhash has
 * expired unlanded are settled first when a budget would refuse), the last block height at which it
 * can land (`readSolanaLastValidBlockHeight`), and a simulation on the node (asked together); the
 * sponsorship and its fee are recorded durably, with every limit checked again in that database
 * transaction, before the answer. The same message again answers the same signed transaction and
 * counts once.
 *
 * @example
 * const { serializedTransaction } = await requestFeePayer(request, [{ policyId, serializedTransaction: base64 }])
 */
export async function requestFeePayer(
  request: GatewayRequest<SolanaChainConfig>,
  params: unknown,
): Promise<{ serializedTransaction: string }> {
  const { policyId, serializedTransaction } = parseFeePayerParams(params)
  const { ctx, chain, app } = request
  const now = ctx.now()
  const policy = await findSolanaSponsorPolicy(ctx.store.db, { policyId, appId: app.id })
  const caller = await assertPolicyAudience(request, policy)
  const decoded = decodeSolanaTransaction(serializedTransaction)
  const feePayer = await request.solanaFeePayer()
  const { message, messageBytes, signatures } = setSolanaFeePayer(decoded, feePayer.address)
  assertFeePayerOnlyPaysFees(message, feePayer.address)
  assertNoDurableNonce(message)
  if (message.header.numSignerAccounts < 2)
    throw new RpcError(
      'INVALID_PARAMS',
      'The transaction has no signer besides the fee payer: the user whose transaction it is must sign it',
    )
  const user = message.staticAccounts[1]!
  const transaction: SponsoredSolanaTransaction = {
    chainId: chain.id,
    user,
    userKey: caller.userKey ?? `key:${user}`,
    programs: [
      ...new Set(message.instructions.map((each) => message.staticAccounts[each.programAddressIndex]!)),
    ],
    messageHash: bytesToHex(sha256(messageBytes)),
    feeLamports: undefined,
  }

  // Every check that needs no node first (read-only; the final one runs again as the record is written).
  const earlier = await ctx.store.db
    .selectFrom('solana_sponsorships')
    .select('id')
    .where('policy_id', '=', policyId)
    .where('message_hash', '=', transaction.messageHash)
    .executeTakeFirst()
  const usage = earlier
    ? noSolanaPolicyUsage
    : await readSolanaPolicyUsage(ctx.store.db, policy, { userKey: transaction.userKey, now })
  assertSolanaPolicyAllows(policy, transaction, { now, usage })

  // The node's answers are independent: ask them at once, then refuse in a fixed order (the quote's
  // blockhash error, the policy's fee limit and budgets, the simulation's error).
  const [quote, lastValid, simulation] = await Promise.allSettled([
    quoteSolanaFee(request, messageBytes, message.lifetimeToken),
    readSolanaLastValidBlockHeight(request),
    simulateSolanaTransaction(
      request,
      encodeWire(messageBytes, message.staticAccounts, signatures),
      feePayer.address,
    ),
  ])
  if (quote.status === 'rejected') throw quote.reason
  const final = { ...transaction, feeLamports: quote.value }
  const check = (current: typeof policy, counted: typeof usage) =>
    assertSolanaPolicyAllows(current, final, {
      now,
      usage: counted,
      serverMaxFeeLamports: ctx.config.solanaMaxFeeLamports,
    })
  try {
    check(policy, usage)
  } catch (error) {
    // A budget may be held by quotes whose blockhash has expired unlanded: settle them, then look again.
    if (!(await settledPolicyQuotes(request, policy, error))) throw error
    const settled = await findSolanaSponsorPolicy(ctx.store.db, { policyId, appId: app.id })
    check(settled, await readSolanaPolicyUsage(ctx.store.db, settled, { userKey: transaction.userKey, now }))
  }
  if (lastValid.status === 'rejected') throw lastValid.reason
  if (simulation.status === 'rejected') throw simulation.reason

  signatures[0] = signWithSolanaFeePayer(ctx.vault, feePayer, messageBytes)
  const wire = encodeWire(messageBytes, message.staticAccounts, signatures)
  const { repeated } = await recordSolanaSponsorship(ctx.batcher, {
    policyId,
    appId: app.id,
    transaction: final,
    quote: {
      signature: getBase58Decoder().decode(signatures[0]),
      blockhash: message.lifetimeToken,
      lastValidBlockHeight: lastValid.value,
    },
    now,
    serverMaxFeeLamports: ctx.config.solanaMaxFeeLamports,
  })
  if (!repeated) ctx.metrics.solanaSponsorshipRecorded(policyId, final.feeLamports ?? 0n)
  ctx.logger.info('solana fee payer signed', {
    chainId: chain.id,
    policyId,
    user: transaction.user,
    userKey: transaction.userKey,
    feeLamports: final.feeLamports.toString(),
    repeated,
  })
  return { serializedTransaction: getBase64Decoder().decode(wire) }
}

/**
 * Settles the open quotes of `policy` on the request's chain when `refusal` is a policy refusal and the
 * policy has a budget (rate-limited per policy: `settlePolicyQuotesThrottled`): true when a quote
 * was settled (the usage then reads lower, or the same).
 */
async function settledPolicyQuotes(
  { ctx, chain }: GatewayRequest<SolanaChainConfig>,
  policy: { id: string; budgetLamports: bigint | null; budgetPerUserLamports: bigint | null },
  refusal: unknown,
): Promise<boolean> {
  if (!(refusal instanceof RpcError) || refusal.code !== rpcErrorCodes.POLICY_REFUSED) return false
  if (policy.budgetLamports === null && policy.budgetPerUserLamports === null) return false
  return settlePolicyQuotesThrottled(ctx, chain, policy.id)
}

/** Wire bytes: the signatures (one per signer, all-zero where missing) then the message. */
function encodeWire(
  messageBytes: Uint8Array,
  accounts: readonly string[],
  signatures: (Uint8Array | null)[],
) {
  const map = Object.fromEntries(
    signatures.map((signature, index) => [accounts[index]!, signature as SignatureBytes | null]),
  )
  return new Uint8Array(
    getTransactionEncoder().encode({
      messageBytes: messageBytes as unknown as TransactionMessageBytes,
      signatures: map,
    }),
  )
}
