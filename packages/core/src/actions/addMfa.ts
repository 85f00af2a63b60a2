import type { AddMfaParameters, AddMfaReturnType } from '@sigil/signer'
import type { SigilConfig } from '../createConfig.js'
import { requireSigner } from './requireSigner.js'

export type { AddMfaParameters, AddMfaReturnType } from '@sigil/signer'

/**
 * Starts a TOTP enrolment: show `multiFactorTotpUrl` as a QR code, then confirm a first code with
 * `verifyMfa`. Only `'totp'` is supported.
 *
 * @example
 * const { multiFactorId, multiFactorTotpUrl } = await addMfa(config, { multiFactorType: 'totp' })
 */
export function addMfa(config: SigilConfig, parameters: AddMfaParameters): Promise<AddMfaReturnType> {
  return requireSigner(config).addMfa(parameters)
}
