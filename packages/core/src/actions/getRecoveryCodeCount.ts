import type { GetRecoveryCodeCountReturnType } from '@sigil/signer'
import type { SigilConfig } from '../createConfig.js'
import { requireSigner } from './requireSigner.js'

export type { GetRecoveryCodeCountReturnType } from '@sigil/signer'

/**
 * How many of the signed-in user's recovery codes are unused (docs/protocol.md, "Recovery codes").
 *
 * @example
 * const { unusedRecoveryCodes } = await getRecoveryCodeCount(config)
 */
export function getRecoveryCodeCount(config: SigilConfig): Promise<GetRecoveryCodeCountReturnType> {
  return requireSigner(config).getRecoveryCodeCount()
}
