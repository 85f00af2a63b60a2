import type { Insertable } from 'kysely'
import { z } from 'zod'
import { ApiError } from '../../http/errors/ApiError.js'
import { createId } from '../../ids/createId.js'
import type { WalletAccountTable } from '../../store/schema.js'
import { assertImportingUser } from '../imports/assertImportingUser.js'
import { openImportBundle } from '../imports/openImportBundle.js'
import { deriveKeyAddress } from '../keys/deriveKeyAddress.js'
import { InvalidWalletAccountError } from '../keys/InvalidWalletAccountError.js'
import { defineActivity } from './defineActivity.js'
import { maxEncryptedBundleLength } from './importWallet.js'
import { refuseExistingAccounts } from './refuseExistingAccounts.js'

const addressFormatsByCurve = {
  CURVE_SECP256K1: ['ADDRESS_FORMAT_ETHEREUM', 'ADDRESS_FORMAT_COMPRESSED', 'ADDRESS_FORMAT_UNCOMPRESSED'],
  CURVE_ED25519: ['ADDRESS_FORMAT_SOLANA', 'ADDRESS_FORMAT_COMPRESSED'],
} as const

const schema = z
  .object({
    userId: z.string().min(1).max(128),
    privateKeyName: z.string().min(1, 'privateKeyName is required').max(256),
    encryptedBundle: z.string().min(1).max(maxEncryptedBundleLength),
    curve: z.enum(['CURVE_SECP256K1', 'CURVE_ED25519'], {
      message: 'curve must be CURVE_SECP256K1 or CURVE_ED25519: Sigil signs with no other curve',
    }),
    addressFormats: z
      .array(
        z.enum([
          'ADDRESS_FORMAT_ETHEREUM',
          'ADDRESS_FORMAT_SOLANA',
          'ADDRESS_FORMAT_COMPRESSED',
          'ADDRESS_FORMAT_UNCOMPRESSED',
        ]),
      )
      .min(1, 'at least one address format is required')
      .max(3)
      .refine((formats) => new Set(formats).size === formats.length, 'addressFormats lists a format twice'),
  })
  .refine(
    (key) =>
      key.addressFormats.every((format) =>
        (addressFormatsByCurve[key.curve] as readonly string[]).includes(format),
      ),
    { message: 'addressFormats do not fit the curve', path: ['addressFormats'] },
  )

/**
 * `import_private_key`: opens the raw key the stamping user sealed to its `init_import_private_key` key
 * and stores it as a wallet of one key (`secret_kind` `private_key`, `imported`), whose accounts are that
 * key in each requested address format, so signing, listing and `export_wallet_account` treat it like
 * any account (docs/protocol.md#importing-wallets-and-keys). `privateKeyId` is that wallet's id.
 */
export const importPrivateKeyActivity = defineActivity({
  path: 'import_private_key',
  schema,
  async prepare(ctx, run, parameters) {
    assertImportingUser(run, parameters.userId)
    const { plaintext: privateKey, consume } = await openImportBundle(ctx, {
      organizationId: run.organizationId,
      userId: parameters.userId,
      kind: 'private_key',
      encryptedBundle: parameters.encryptedBundle,
      now: run.now,
    })
    try {
      const walletId = createId()
      const accounts: Insertable<WalletAccountTable>[] = parameters.addressFormats.map((addressFormat) => {
        let derived: ReturnType<typeof deriveKeyAddress>
        try {
          derived = deriveKeyAddress({ curve: parameters.curve, privateKey, addressFormat })
        } catch (cause) {
          if (!(cause instanceof InvalidWalletAccountError)) throw cause
          throw new ApiError(
            'INVALID_ARGUMENT',
            `the imported key is not a ${parameters.curve} private key`,
            {
              errorCode: 'INVALID_PRIVATE_KEY',
              details: cause.message.split('\n')[0],
              cause,
            },
          )
        }
        const id = createId()
        return {
          id,
          organization_id: run.organizationId,
          wallet_id: walletId,
          curve: parameters.curve,
          path_format: 'PATH_FORMAT_BIP32',
          // A key imported alone has no derivation path.
          path: '',
          address_format: addressFormat,
          address: derived.address,
          public_key: derived.publicKey,
          name: null,
          sealed_private_key: ctx.vault.seal(privateKey, `wallet_account:${id}`),
          created_at: run.now,
          updated_at: run.now,
        }
      })
      await refuseExistingAccounts(ctx, {
        organizationId: run.organizationId,
        addresses: accounts.map((account) => account.address),
      })
      const sealedKey = ctx.vault.seal(privateKey, `wallet:${walletId}`)
      return {
        result: {
          privateKeyId: walletId,
          addresses: accounts.map((account) => ({
            format: account.address_format,
            address: account.address,
          })),
        },
        async write(trx) {
          await consume(trx)
          await trx
            .insertInto('wallets')
            .values({
              id: walletId,
              organization_id: run.organizationId,
              name: parameters.privateKeyName,
              mnemonic_length: 0,
              sealed_mnemonic: sealedKey,
              exported: 0,
              imported: 1,
              secret_kind: 'private_key',
              created_at: run.now,
              updated_at: run.now,
            })
            .execute()
          await trx.insertInto('wallet_accounts').values(accounts).execute()
        },
      }
    } finally {
      privateKey.fill(0)
    }
  },
})
