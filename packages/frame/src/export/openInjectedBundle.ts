import { type OpenExportBundleParameters, openExportBundle } from '@sigil/protocol'
import { readSignedOrganizationId } from './readSignedOrganizationId.js'

export type OpenInjectedBundleParameters = Omit<OpenExportBundleParameters, 'organizationId'> & {
  /** The organization the parent expects; iframe-stamper 1.x sends none (absent or `''`). */
  organizationId?: string | undefined
  /** Told once when the parent sent no organization; default `console.warn`. */
  warn?: ((message: string) => void) | undefined
}

/** What the frame logs when a parent injects a bundle without an organization. */
export const missingOrganizationWarning =
  'organizationId was not provided: opening the export bundle for the organization it is signed for'

/**
 * Opens an export bundle injected into the export frame, as Turnkey's export frame does: with the
 * parent's `organizationId` it must match the signed one; without it (iframe-stamper 1.x, Account
 * Kit 4.x) the frame warns and uses the organization in the bundle's signed `data`. Either way the
 * signer key, the signature and the HPKE seal are checked by `openExportBundle`
 * (docs/protocol.md#export-frame).
 *
 * @example
 * const plaintext = await openInjectedBundle({ bundle, recipientPrivateKey: keyPair, signerPublicKey })
 */
export async function openInjectedBundle({
  organizationId,
  // biome-ignore lint/suspicious/noConsole: as Turnkey's export frame, a hint to the app developer
  warn = (message) => console.warn(message),
  ...parameters
}: OpenInjectedBundleParameters): Promise<Uint8Array> {
  let expected = organizationId
  if (!expected) {
    warn(missingOrganizationWarning)
    expected = readSignedOrganizationId(parameters.bundle)
  }
  return openExportBundle({ ...parameters, organizationId: expected })
}
