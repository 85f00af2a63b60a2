import { z } from 'zod'
import { findSigningAccount } from '../wallets/findSigningAccount.js'
import { defineActivity } from './defineActivity.js'
import { signEthereumTransaction } from './signEthereumTransaction.js'
import { signWithSchema } from './signingSchemas.js'
import { signSolanaTransaction } from './signSolanaTransaction.js'
import { signTransactionError } from './signTransactionError.js'

/** 64 KiB of transaction (EIP-3860 init code is at most 48 KiB), in hex. */
const maxTransactionHexLength = 131_072

/**
 * `sign_transaction` (V2): an unsigned Ethereum or Solana transaction signed by a wallet account,
 * answered `{signedTransaction}` (docs/protocol.md#sign-transaction).
 */
export const signTransactionActivity = defineActivity({
  path: 'sign_transaction',
  schema: z.object({
    signWith: signWithSchema,
    unsignedTransaction: z
      .string()
      .min(1, 'unsignedTransaction is required')
      .max(maxTransactionHexLength, 'unsignedTransaction is longer than 64 KiB'),
    type: z.enum(['TRANSACTION_TYPE_ETHEREUM', 'TRANSACTION_TYPE_SOLANA']),
  }),
  async prepare(ctx, run, parameters) {
    const request = { organizationId: run.organizationId, ...parameters }
    if (parameters.type === 'TRANSACTION_TYPE_SOLANA')
      return { result: { signedTransaction: await signSolanaTransaction(ctx, request) } }
    const account = await findSigningAccount(ctx, request)
    if (account.curve !== 'CURVE_SECP256K1')
      throw signTransactionError(
        `TRANSACTION_TYPE_ETHEREUM is signed by a CURVE_SECP256K1 account; ${parameters.signWith} is ${account.curve}`,
      )
    return { result: { signedTransaction: await signEthereumTransaction(ctx, request) } }
  },
})
