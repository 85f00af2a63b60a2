import type { ExportWalletParameters } from '@sigil/signer'
import type { SigilConfig } from '../createConfig.js'
import { requireSigner } from './requireSigner.js'

export type ExportAccountParameters = ExportWalletParameters
export type ExportAccountReturnType = boolean

/**
 * Shows the signed-in user's seed phrase (or private key after a passkey login) inside the export
 * frame put in `iframeContainerId`; the page never sees the secret (`@sigil/signer` `exportWallet`).
 *
 * @example
 * await exportAccount(config, { iframeContainerId: 'export-container' })
 */
export function exportAccount(
  config: SigilConfig,
  parameters: ExportAccountParameters,
): Promise<ExportAccountReturnType> {
  return requireSigner(config).exportWallet(parameters)
}
