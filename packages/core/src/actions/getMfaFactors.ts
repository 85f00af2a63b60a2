import type { GetMfaFactorsReturnType } from '@sigil/signer'
import type { SigilConfig } from '../createConfig.js'
import { requireSigner } from './requireSigner.js'

export type { GetMfaFactorsReturnType } from '@sigil/signer'

/**
 * Lists the signed-in user's second factors.
 *
 * @example
 * const { multiFactors } = await getMfaFactors(config)
 */
export function getMfaFactors(config: SigilConfig): Promise<GetMfaFactorsReturnType> {
  return requireSigner(config).getMfaFactors()
}
