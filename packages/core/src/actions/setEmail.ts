import type { MultiFactorProof } from '@sigil/signer'
import type { SigilConfig } from '../createConfig.js'
import { requireSigner } from './requireSigner.js'

export type SetEmailParameters = {
  /** The code `sendVerificationCode({ type: 'email' })` sent. */
  verificationCode: string
  /** The current code of a verified second factor; required while the user has one. */
  multiFactors?: MultiFactorProof[] | undefined
}

/**
 * Makes the proven email the signed-in user's sign-in email (replacing the old one); answers it.
 *
 * @example
 * await sendVerificationCode(config, { type: 'email', contact: 'ada@example.com' })
 * await setEmail(config, { verificationCode: '123456' })
 */
export function setEmail(config: SigilConfig, parameters: SetEmailParameters): Promise<string> {
  return requireSigner(config).setEmail(parameters)
}
