import type { SolanaSigner } from '@sigil/signer'
import { bytesToHex, type Hex, stringToBytes } from 'viem'
import type { SigilConfig } from '../createConfig.js'
import { SolanaNotReadyError } from './errors/SolanaNotReadyError.js'
import { getSolanaSigner } from './getSolanaSigner.js'

export type SignSolanaMessageParameters = {
  /** Signed as its UTF-8 bytes. */
  message: string
  /** Without the key: the signed-in user's (`getSolanaSigner`); `undefined`: there is none. */
  signer?: SolanaSigner | undefined
}

/** The ed25519 signature: 64 bytes, hex. */
export type SignSolanaMessageReturnType = Hex

/**
 * Signs a text message with a Solana key (ed25519 over its UTF-8 bytes) and answers the signature
 * in hex. Without a Solana signer it throws `SolanaNotReadyError` ('Not ready').
 *
 * @example
 * const signature = await signSolanaMessage(config, { message: 'hello' }) // 0x… (64 bytes)
 */
export async function signSolanaMessage(
  config: SigilConfig,
  parameters: SignSolanaMessageParameters,
): Promise<SignSolanaMessageReturnType> {
  const signer = 'signer' in parameters ? parameters.signer : getSolanaSigner(config)
  if (!signer) throw new SolanaNotReadyError()
  return bytesToHex(await signer.signMessage(stringToBytes(parameters.message)))
}
