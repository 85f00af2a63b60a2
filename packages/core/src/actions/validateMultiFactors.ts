import type { User, ValidateMultiFactorsParameters } from '@sigil/signer'
import type { SigilConfig } from '../createConfig.js'
import { requireSigner } from './requireSigner.js'

export type { ValidateMultiFactorsParameters } from '@sigil/signer'
export type ValidateMultiFactorsReturnType = User

/**
 * Finishes a sign-in that stopped at AWAITING_MFA_AUTH with the user's TOTP code; the store
 * becomes CONNECTED with the user. A wrong code keeps the status, so the user can try again.
 * `{ recoveryCode }` instead of the TOTP code uses one of the user's recovery codes up.
 *
 * @example
 * const user = await validateMultiFactors(config, { multiFactorCode: '123456' })
 * const viaRecovery = await validateMultiFactors(config, { recoveryCode: 'ABCDE-FGHJK' })
 */
export function validateMultiFactors(
  config: SigilConfig,
  parameters: ValidateMultiFactorsParameters,
): Promise<ValidateMultiFactorsReturnType> {
  return requireSigner(config).validateMultiFactors(parameters)
}
