import { z } from 'zod'
import { findSigningAccount } from '../wallets/findSigningAccount.js'
import { sealExportBundle } from '../wallets/sealExportBundle.js'
import { defineActivity } from './defineActivity.js'

/** `export_wallet_account`: one account's 32-byte private key in a signed, encrypted bundle. */
export const exportWalletAccountActivity = defineActivity({
  path: 'export_wallet_account',
  schema: z.object({
    address: z.string().min(1).max(256),
    targetPublicKey: z
      .string()
      .regex(/^(0x)?[0-9a-fA-F]{66}([0-9a-fA-F]{64})?$/, 'targetPublicKey must be P-256 hex'),
  }),
  async prepare(ctx, run, parameters) {
    const account = await findSigningAccount(ctx, {
      organizationId: run.organizationId,
      signWith: parameters.address,
    })
    const exportBundle = await sealExportBundle(ctx, {
      plaintext: ctx.vault.open(account.sealed_private_key, `wallet_account:${account.id}`),
      targetPublicKey: parameters.targetPublicKey,
      organizationId: run.organizationId,
    })
    return {
      result: { address: account.address, exportBundle },
      write: (trx) =>
        trx
          .updateTable('wallets')
          .set({ exported: 1, updated_at: run.now })
          .where('id', '=', account.wallet_id)
          .execute(),
    }
  },
})
