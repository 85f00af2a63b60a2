import { p256 } from '@noble/curves/nist.js'
import { bytesToHex, createImportBundle } from '@sigil/protocol'
import { createId } from '../../ids/createId.js'
import type { SigilContext } from '../../SigilContext.js'
import type { PreparedActivity } from '../activities/defineActivity.js'
import { exportSignerKeyName } from '../wallets/sealExportBundle.js'
import { type ImportKind, importKeyAad } from './ImportKind.js'
import { importKeyLifetimeMs } from './importKeyLifetimeMs.js'

/**
 * `init_import_wallet` / `init_import_private_key`: a fresh P-256 target key for `userId`, sealed by the
 * vault, expiring after {@link importKeyLifetimeMs}, and the import bundle that names it, signed by the
 * server's signer key (docs/protocol.md#importing-wallets-and-keys). Its write replaces the user's
 * earlier import keys of that kind, used or not.
 *
 * @example
 * return prepareImportKey(ctx, { organizationId: run.organizationId, userId, kind: 'wallet', now: run.now })
 */
export function prepareImportKey(
  ctx: SigilContext,
  {
    organizationId,
    userId,
    kind,
    now,
  }: { organizationId: string; userId: string; kind: ImportKind; now: number },
): PreparedActivity {
  const id = createId()
  const privateKey = p256.utils.randomSecretKey()
  const publicKey = bytesToHex(p256.getPublicKey(privateKey, false))
  const sealedPrivateKey = ctx.vault.seal(privateKey, importKeyAad({ id, organizationId, userId }))
  privateKey.fill(0)
  const signerPrivateKey = ctx.vault.open(ctx.exportSignerSealedKey, `server_key:${exportSignerKeyName}`)
  let importBundle: string
  try {
    importBundle = createImportBundle({
      organizationId,
      userId,
      targetPublicKey: publicKey,
      signerPrivateKey,
    })
  } finally {
    signerPrivateKey.fill(0)
  }
  return {
    result: { importBundle },
    async write(trx) {
      await trx.deleteFrom('import_keys').where('user_id', '=', userId).where('kind', '=', kind).execute()
      await trx
        .insertInto('import_keys')
        .values({
          id,
          organization_id: organizationId,
          user_id: userId,
          kind,
          public_key: publicKey,
          sealed_private_key: sealedPrivateKey,
          encapped_public: null,
          created_at: now,
          expires_at: now + importKeyLifetimeMs,
        })
        .execute()
    },
  }
}
