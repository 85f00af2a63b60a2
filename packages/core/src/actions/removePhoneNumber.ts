import type { MultiFactorProof } from '@sigil/signer'
import type { SigilConfig } from '../createConfig.js'
import { requireSigner } from './requireSigner.js'

/**
 * Removes the signed-in user's phone number: it no longer signs them in.
 *
 * @example
 * await removePhoneNumber(config)
 */
export function removePhoneNumber(
  config: SigilConfig,
  parameters: { multiFactors?: MultiFactorProof[] | undefined } = {},
): Promise<void> {
  return requireSigner(config).removePhoneNumber(parameters)
}
