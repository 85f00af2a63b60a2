import type { MultiFactorProof } from '@sigil/signer'
import type { SigilConfig } from '../createConfig.js'
import { requireSigner } from './requireSigner.js'

/**
 * Removes the signed-in user's email: it no longer signs them in.
 *
 * @example
 * await removeEmail(config)
 */
export function removeEmail(
  config: SigilConfig,
  parameters: { multiFactors?: MultiFactorProof[] | undefined } = {},
): Promise<void> {
  return requireSigner(config).removeEmail(parameters)
}
