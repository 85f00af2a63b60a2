import type { MultiFactor, VerifyMfaParameters } from '@sigil/signer'
import type { SigilConfig } from '../createConfig.js'
import { requireSigner } from './requireSigner.js'

export type { VerifyMfaParameters } from '@sigil/signer'
export type VerifyMfaReturnType = { multiFactors: MultiFactor[] }

/**
 * Confirms a TOTP enrolment with a first code; from then on sign-in asks for a code.
 *
 * @example
 * const { multiFactors } = await verifyMfa(config, { multiFactorId, multiFactorCode: '123456' })
 */
export function verifyMfa(
  config: SigilConfig,
  parameters: VerifyMfaParameters,
): Promise<VerifyMfaReturnType> {
  return requireSigner(config).verifyMfa(parameters)
}
