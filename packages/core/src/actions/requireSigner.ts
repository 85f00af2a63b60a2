import type { Signer } from '@sigil/signer'
import type { SigilConfig } from '../createConfig.js'
import { ClientOnlyPropertyError } from '../errors/ClientOnlyPropertyError.js'
import { getSigner } from './getSigner.js'

/**
 * The config's signer, or `ClientOnlyPropertyError('signer')` where none can be made (the server).
 *
 * @example
 * const signer = requireSigner(config)
 */
export function requireSigner(config: SigilConfig): Signer {
  const signer = getSigner(config)
  if (!signer) throw new ClientOnlyPropertyError('signer')
  return signer
}
