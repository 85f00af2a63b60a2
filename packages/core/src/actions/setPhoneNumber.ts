import type { MultiFactorProof } from '@sigil/signer'
import type { SigilConfig } from '../createConfig.js'
import { requireSigner } from './requireSigner.js'

export type SetPhoneNumberParameters = {
  /** The code `sendVerificationCode({ type: 'sms' })` sent. */
  verificationCode: string
  /** The current code of a verified second factor; required while the user has one. */
  multiFactors?: MultiFactorProof[] | undefined
}

/**
 * Makes the proven phone number the signed-in user's (it then signs in by SMS), replacing the old one.
 *
 * @example
 * await sendVerificationCode(config, { type: 'sms', contact: '+14155550123' })
 * await setPhoneNumber(config, { verificationCode: '123456' })
 */
export function setPhoneNumber(config: SigilConfig, parameters: SetPhoneNumberParameters): Promise<void> {
  return requireSigner(config).setPhoneNumber(parameters)
}
