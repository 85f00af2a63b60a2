import { bytesToHex, hpkeOpen, InvalidBundleError, parseEncryptedBundle } from '@sigil/protocol'
import type { Transaction } from 'kysely'
import { ApiError } from '../../http/errors/ApiError.js'
import type { SigilContext } from '../../SigilContext.js'
import type { Database } from '../../store/schema.js'
import { type ImportKind, importKeyAad } from './ImportKind.js'

export type OpenedImportBundle = {
  /** The client's secret (mnemonic text or raw key). Wipe it when done. */
  plaintext: Uint8Array
  /**
   * Spends the import key, in the transaction that stores what was imported: clears its sealed key and
   * records the bundle. Throws 400 `IMPORT_BUNDLE_USED` when a concurrent import spent it first (the
   * transaction then rolls back).
   */
  consume(trx: Transaction<Database>): Promise<void>
}

const invalid = (message: string, errorCode: string, details: string, cause?: unknown) =>
  new ApiError('INVALID_ARGUMENT', message, {
    errorCode,
    details,
    cause,
    fieldViolations: [{ field: 'parameters.encryptedBundle', description: message }],
  })

/**
 * Opens the `encryptedBundle` of `import_wallet` / `import_private_key` with the target key the same
 * user's `init_import_*` made (docs/protocol.md#importing-wallets-and-keys). Each refusal is a 400 with
 * its own code: `IMPORT_BUNDLE_INVALID` (not `{encappedPublic, ciphertext}`), `IMPORT_NOT_STARTED` (no
 * init for this user and kind), `IMPORT_BUNDLE_USED` (this bundle was imported already),
 * `IMPORT_KEY_EXPIRED` (sealed to a key past its hour), `IMPORT_BUNDLE_WRONG_TARGET` (sealed to any other
 * key: an earlier or another user's init, another server, tampered bytes).
 *
 * @example
 * const { plaintext, consume } = await openImportBundle(ctx, { organizationId, userId, kind: 'wallet', encryptedBundle, now })
 */
export async function openImportBundle(
  ctx: SigilContext,
  {
    organizationId,
    userId,
    kind,
    encryptedBundle,
    now,
  }: { organizationId: string; userId: string; kind: ImportKind; encryptedBundle: string; now: number },
): Promise<OpenedImportBundle> {
  let sealed: ReturnType<typeof parseEncryptedBundle>
  try {
    sealed = parseEncryptedBundle(encryptedBundle)
  } catch (cause) {
    if (!(cause instanceof InvalidBundleError)) throw cause
    throw invalid(
      'malformed encryptedBundle',
      'IMPORT_BUNDLE_INVALID',
      'expected the JSON {"encappedPublic","ciphertext"} that encryptWalletToBundle / encryptPrivateKeyToBundle return',
      cause,
    )
  }
  const encappedPublic = bytesToHex(sealed.encappedPublic).toLowerCase()
  const keys = await ctx.store.db
    .selectFrom('import_keys')
    .select(['id', 'sealed_private_key', 'encapped_public', 'expires_at'])
    .where('organization_id', '=', organizationId)
    .where('user_id', '=', userId)
    .where('kind', '=', kind)
    .orderBy('created_at', 'desc')
    .execute()
  const init = kind === 'wallet' ? 'init_import_wallet' : 'init_import_private_key'
  if (keys.length === 0)
    throw invalid('no import started for this user', 'IMPORT_NOT_STARTED', `call ${init} first`)
  if (keys.some((key) => key.encapped_public === encappedPublic))
    throw invalid('this encryptedBundle was imported already', 'IMPORT_BUNDLE_USED', `call ${init} again`)
  for (const key of keys) {
    if (key.sealed_private_key === null) continue
    const privateKey = ctx.vault.open(
      key.sealed_private_key,
      importKeyAad({ id: key.id, organizationId, userId }),
    )
    let plaintext: Uint8Array
    try {
      plaintext = await hpkeOpen({ ...sealed, recipientPrivateKey: privateKey })
    } catch (cause) {
      if (!(cause instanceof InvalidBundleError)) throw cause
      continue
    } finally {
      privateKey.fill(0)
    }
    if (Number(key.expires_at) <= now) {
      plaintext.fill(0)
      throw invalid(
        'the import key of this encryptedBundle has expired',
        'IMPORT_KEY_EXPIRED',
        `call ${init} again`,
      )
    }
    return {
      plaintext,
      async consume(trx) {
        const spent = await trx
          .updateTable('import_keys')
          .set({ sealed_private_key: null, encapped_public: encappedPublic })
          .where('id', '=', key.id)
          .where('sealed_private_key', 'is not', null)
          .executeTakeFirst()
        if (Number(spent.numUpdatedRows) !== 1)
          throw invalid(
            'this encryptedBundle was imported already',
            'IMPORT_BUNDLE_USED',
            `call ${init} again`,
          )
      },
    }
  }
  throw invalid(
    'encryptedBundle is not sealed to this user’s current import key',
    'IMPORT_BUNDLE_WRONG_TARGET',
    `seal it to the targetPublic of the importBundle of the user's latest ${init}`,
  )
}
