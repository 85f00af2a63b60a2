import type { Signer } from '@sigil/signer'
import type { SigilConfig } from '../createConfig.js'
import { followSigner } from '../store/followSigner.js'

export type GetSignerReturnType = Signer | undefined

/**
 * The config's signer, made on first use: on the client (a browser, or a config with a `stamper`)
 * it is created once, stored (not persisted) and followed by the store; during server rendering it
 * is `undefined`.
 *
 * @example
 * const signer = getSigner(config)
 * signer?.on('connected', (user) => show(user.address))
 */
export function getSigner(config: SigilConfig): GetSignerReturnType {
  const { signer } = config.store.getState()
  if (signer) return signer
  if (!config._internal.canCreateSigner()) return undefined
  const created = config._internal.createSigner()
  config.store.setState({ signer: created })
  followSigner(config.store, created)
  return created
}
