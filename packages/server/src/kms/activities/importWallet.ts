import { z } from 'zod'
import { ApiError } from '../../http/errors/ApiError.js'
import { createId } from '../../ids/createId.js'
import { assertImportingUser } from '../imports/assertImportingUser.js'
import { openImportBundle } from '../imports/openImportBundle.js'
import { isValidMnemonic } from '../keys/isValidMnemonic.js'
import { parseWalletSecret } from '../keys/parseWalletSecret.js'
import { deriveAccountRows } from '../wallets/deriveAccountRows.js'
import { walletAccountsSchema } from '../wallets/walletSchemas.js'
import { defineActivity } from './defineActivity.js'
import { refuseExistingAccounts } from './refuseExistingAccounts.js'

/** A sealed mnemonic with a passphrase is a few hundred bytes; this leaves room without inviting megabytes. */
export const maxEncryptedBundleLength = 8192

/**
 * `import_wallet`: opens the mnemonic the stamping user sealed to its `init_import_wallet` key, stores
 * it as a wallet marked `imported` with the requested accounts, and spends the key
 * (docs/protocol.md#importing-wallets-and-keys). The words are never repeated in an error.
 */
export const importWalletActivity = defineActivity({
  path: 'import_wallet',
  schema: z.object({
    userId: z.string().min(1).max(128),
    walletName: z.string().min(1, 'walletName is required').max(256),
    encryptedBundle: z.string().min(1).max(maxEncryptedBundleLength),
    accounts: walletAccountsSchema,
  }),
  async prepare(ctx, run, parameters) {
    assertImportingUser(run, parameters.userId)
    const { plaintext, consume } = await openImportBundle(ctx, {
      organizationId: run.organizationId,
      userId: parameters.userId,
      kind: 'wallet',
      encryptedBundle: parameters.encryptedBundle,
      now: run.now,
    })
    try {
      let secret: string
      try {
        secret = new TextDecoder('utf-8', { fatal: true }).decode(plaintext)
      } catch {
        secret = ''
      }
      const { mnemonic, passphrase } = parseWalletSecret(secret)
      if (!isValidMnemonic(mnemonic))
        throw new ApiError('INVALID_ARGUMENT', 'the imported mnemonic is not a valid BIP-39 mnemonic', {
          errorCode: 'INVALID_MNEMONIC',
          details:
            'expected 12, 15, 18, 21 or 24 lowercase English BIP-39 words, single-spaced, with a valid checksum (optionally followed by "\\n--PASS--\\n" and a passphrase)',
        })
      const walletId = createId()
      const accounts = deriveAccountRows(ctx, {
        organizationId: run.organizationId,
        walletId,
        mnemonic,
        passphrase,
        accounts: parameters.accounts,
        now: run.now,
      })
      const addresses = accounts.map((account) => account.address)
      await refuseExistingAccounts(ctx, { organizationId: run.organizationId, addresses })
      const sealedMnemonic = ctx.vault.seal(plaintext, `wallet:${walletId}`)
      return {
        result: { walletId, addresses },
        async write(trx) {
          await consume(trx)
          await trx
            .insertInto('wallets')
            .values({
              id: walletId,
              organization_id: run.organizationId,
              name: parameters.walletName,
              mnemonic_length: mnemonic.split(' ').length,
              sealed_mnemonic: sealedMnemonic,
              exported: 0,
              imported: 1,
              secret_kind: 'mnemonic',
              created_at: run.now,
              updated_at: run.now,
            })
            .execute()
          if (accounts.length > 0) await trx.insertInto('wallet_accounts').values(accounts).execute()
        },
      }
    } finally {
      plaintext.fill(0)
    }
  },
})
