import type { SignMessageParameters } from '@sigil/signer'
import type { Hex } from 'viem'
import type { SigilConfig } from '../createConfig.js'
import { requireSigner } from './requireSigner.js'

export type { SignMessageParameters } from '@sigil/signer'
export type SignMessageReturnType = Hex

/**
 * Signs an EIP-191 message with the signed-in user's key (`personal_sign`). Smart-account
 * signatures (EIP-1271/6492) come with the smart-account layer.
 *
 * @example
 * const signature = await signMessage(config, { message: 'hello' })
 */
export function signMessage(
  config: SigilConfig,
  { message }: SignMessageParameters,
): Promise<SignMessageReturnType> {
  return requireSigner(config).signMessage(message)
}
