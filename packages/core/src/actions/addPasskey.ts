import type { AddPasskeyParameters, AddPasskeyReturnType } from '@sigil/signer'
import type { SigilConfig } from '../createConfig.js'
import { requireSigner } from './requireSigner.js'

export type { AddPasskeyParameters, AddPasskeyReturnType } from '@sigil/signer'

/**
 * Adds a passkey to the signed-in user (browser only), which can then sign them in; answers the new
 * authenticator ids.
 *
 * @example
 * const [authenticatorId] = await addPasskey(config)
 */
export function addPasskey(
  config: SigilConfig,
  { creationOpts }: AddPasskeyParameters = {},
): Promise<AddPasskeyReturnType> {
  return requireSigner(config).addPasskey(creationOpts)
}
