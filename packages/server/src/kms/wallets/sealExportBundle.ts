import { p256 } from '@noble/curves/nist.js'
import { createExportBundle, hexToBytes } from '@sigil/protocol'
import { ApiError } from '../../http/errors/ApiError.js'
import type { SigilContext } from '../../SigilContext.js'

export const exportSignerKeyName = 'export-signer'

/**
 * Encrypts exported key material to the client's target key and signs the `v1.0.0` envelope with
 * the server's export signer key. Wipes `plaintext` afterwards.
 *
 * @example
 * const exportBundle = await sealExportBundle(ctx, { plaintext, targetPublicKey, organizationId })
 */
export async function sealExportBundle(
  ctx: SigilContext,
  {
    plaintext,
    targetPublicKey,
    organizationId,
  }: { plaintext: Uint8Array; targetPublicKey: string; organizationId: string },
): Promise<string> {
  try {
    p256.Point.fromBytes(hexToBytes(targetPublicKey))
  } catch (cause) {
    plaintext.fill(0)
    throw new ApiError('INVALID_ARGUMENT', 'targetPublicKey is not a P-256 public key', {
      errorCode: 'REQUEST_INVALID',
      cause,
      fieldViolations: [
        { field: 'parameters.targetPublicKey', description: 'expected hex of a P-256 public key' },
      ],
    })
  }
  const signerPrivateKey = ctx.vault.open(ctx.exportSignerSealedKey, `server_key:${exportSignerKeyName}`)
  try {
    return await createExportBundle({ plaintext, targetPublicKey, organizationId, signerPrivateKey })
  } finally {
    signerPrivateKey.fill(0)
    plaintext.fill(0)
  }
}
