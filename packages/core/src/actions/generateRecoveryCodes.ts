import type { GenerateRecoveryCodesParameters, GenerateRecoveryCodesReturnType } from '@sigil/signer'
import type { SigilConfig } from '../createConfig.js'
import { requireSigner } from './requireSigner.js'

export type { GenerateRecoveryCodesParameters, GenerateRecoveryCodesReturnType } from '@sigil/signer'

/**
 * Makes 10 new recovery codes that replace all earlier ones, behind the MFA gate (a current TOTP
 * code in `multiFactors`). Show them at once: they are never shown again (docs/protocol.md).
 *
 * @example
 * const { recoveryCodes } = await generateRecoveryCodes(config, {
 *   multiFactors: [{ multiFactorId, multiFactorCode: '123456' }],
 * })
 */
export function generateRecoveryCodes(
  config: SigilConfig,
  parameters?: GenerateRecoveryCodesParameters,
): Promise<GenerateRecoveryCodesReturnType> {
  return requireSigner(config).generateRecoveryCodes(parameters)
}
