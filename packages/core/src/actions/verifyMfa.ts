import type { MultiFactor, VerifyMfaParameters } from '@sigil/signer'
import type { SigilConfig } from '../createConfig.js'
import { requireSigner } from './requireSigner.js'

export type { VerifyMfaParameters } from '@sigil/signer'
/** `recoveryCodes`: the 10 recovery codes, present once, for the user's first factor. */
export type VerifyMfaReturnType = { multiFactors: MultiFactor[]; recoveryCodes?: string[] | undefined }

/**
 * Confirms a TOTP enrolment with a first code; from then on sign-in asks for a code. The first
 * factor's answer carries the 10 single-use recovery codes: show them now, never again.
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
