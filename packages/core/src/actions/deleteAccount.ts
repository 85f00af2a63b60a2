import type { DeleteAccountParameters } from '@sigil/signer'
import type { SigilConfig } from '../createConfig.js'
import { requireSigner } from './requireSigner.js'

export type { DeleteAccountParameters } from '@sigil/signer'

/**
 * Deletes the signed-in user's account for good, then signs out (docs/protocol.md, "Deleting an
 * account"): key material and personal data are erased on the server; funds left at the addresses
 * become unreachable unless the wallet was exported first. Needs a sign-in at most 5 minutes old and,
 * with two-factor, a current code in `multiFactors`.
 *
 * @example
 * await deleteAccount(config, { multiFactors: [{ multiFactorId, multiFactorCode: '123456' }] })
 */
export function deleteAccount(config: SigilConfig, parameters?: DeleteAccountParameters): Promise<void> {
  return requireSigner(config).deleteAccount(parameters)
}
