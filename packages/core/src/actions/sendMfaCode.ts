import type { SendMfaCodeParameters } from '@sigil/signer'
import type { SigilConfig } from '../createConfig.js'
import { requireSigner } from './requireSigner.js'

export type { SendMfaCodeParameters } from '@sigil/signer'

/**
 * Texts a code for a text-message (`sms`) factor (docs/protocol.md, "Text-message codes"): during a
 * sign-in at its `mfa` step, the pending login's code (then `submitMfaCode`); when signed in, a code
 * for an MFA-gated change (`multiFactors`), or a new first code for a factor `addMfa` just started
 * (`multiFactorId` required when signed in).
 *
 * @example
 * if (step.next === 'mfa' && step.factorType === 'sms') await sendMfaCode(config)
 */
export function sendMfaCode(config: SigilConfig, parameters: SendMfaCodeParameters = {}): Promise<void> {
  return requireSigner(config).sendMfaCode(parameters)
}
