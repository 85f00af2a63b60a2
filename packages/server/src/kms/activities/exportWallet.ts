import { z } from 'zod'
import { ApiError } from '../../http/errors/ApiError.js'
import { sealExportBundle } from '../wallets/sealExportBundle.js'
import { defineActivity } from './defineActivity.js'

/** `export_wallet`: the mnemonic, HPKE-encrypted to the client's target key in a signed bundle. */
export const exportWalletActivity = defineActivity({
  path: 'export_wallet',
  schema: z.object({
    walletId: z.string().min(1).max(128),
    targetPublicKey: z
      .string()
      .regex(/^(0x)?[0-9a-fA-F]{66}([0-9a-fA-F]{64})?$/, 'targetPublicKey must be P-256 hex'),
    language: z.string().optional(),
  }),
  async prepare(ctx, run, parameters) {
    if (parameters.language && parameters.language !== 'MNEMONIC_LANGUAGE_ENGLISH')
      throw new ApiError('INVALID_ARGUMENT', `unsupported mnemonic language: ${parameters.language}`, {
        errorCode: 'REQUEST_INVALID',
        details: 'Sigil exports English mnemonics (MNEMONIC_LANGUAGE_ENGLISH)',
      })
    const wallet = await ctx.store.db
      .selectFrom('wallets')
      .select(['id', 'sealed_mnemonic', 'secret_kind'])
      .where('organization_id', '=', run.organizationId)
      .where('id', '=', parameters.walletId)
      .executeTakeFirst()
    if (!wallet)
      throw new ApiError('NOT_FOUND', `wallet not found: ${parameters.walletId}`, { errorCode: 'NOT_FOUND' })
    if (wallet.secret_kind === 'private_key')
      throw new ApiError(
        'INVALID_ARGUMENT',
        `wallet ${wallet.id} is an imported private key: it has no mnemonic`,
        {
          errorCode: 'WALLET_IS_PRIVATE_KEY',
          details: 'export the key with export_wallet_account',
        },
      )
    const exportBundle = await sealExportBundle(ctx, {
      plaintext: ctx.vault.open(wallet.sealed_mnemonic, `wallet:${wallet.id}`),
      targetPublicKey: parameters.targetPublicKey,
      organizationId: run.organizationId,
    })
    return {
      result: { walletId: wallet.id, exportBundle },
      write: (trx) =>
        trx
          .updateTable('wallets')
          .set({ exported: 1, updated_at: run.now })
          .where('id', '=', wallet.id)
          .execute(),
    }
  },
})
