import type { MultiFactor, RemoveMfaParameters } from '@sigil/signer'
import type { SigilConfig } from '../createConfig.js'
import { requireSigner } from './requireSigner.js'

export type { RemoveMfaParameters } from '@sigil/signer'
export type RemoveMfaReturnType = { multiFactors: MultiFactor[] }

/**
 * Deletes second factors of the signed-in user.
 *
 * @example
 * const { multiFactors } = await removeMfa(config, { multiFactorIds: [multiFactorId] })
 */
export function removeMfa(
  config: SigilConfig,
  parameters: RemoveMfaParameters,
): Promise<RemoveMfaReturnType> {
  return requireSigner(config).removeMfa(parameters)
}
