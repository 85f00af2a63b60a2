import type { AddMfaParameters, AddMfaReturnType } from '@sigil/signer'
import type { SigilConfig } from '../createConfig.js'
import { requireSigner } from './requireSigner.js'

export type { AddMfaParameters, AddMfaReturnType } from '@sigil/signer'

/**
 * Starts an enrolment. `totp`: show `multiFactorTotpUrl` as a QR code, then confirm a first code
 * with `verifyMfa`. `sms`: a first code is texted to the user's proven phone number (`PHONE_REQUIRED`
 * without one); confirm it with `verifyMfa` (`sendMfaCode` texts a new one).
 *
 * @example
 * const { multiFactorId, multiFactorTotpUrl } = await addMfa(config, { multiFactorType: 'totp' })
 * const texted = await addMfa(config, { multiFactorType: 'sms' })
 */
export function addMfa<parameters extends AddMfaParameters>(
  config: SigilConfig,
  parameters: parameters,
): Promise<Extract<AddMfaReturnType, { multiFactorType: parameters['multiFactorType'] }>> {
  return requireSigner(config).addMfa(parameters)
}
