import { type SolanaSigner, toSolanaSigner } from '@sigil/signer'
import { useMemo } from 'react'
import { useSigilContext } from '../context/useSigilContext.js'
import { useSigner } from './useSigner.js'
import { useSignerStatus } from './useSignerStatus.js'
import { useUser } from './useUser.js'

export type UseSolanaSignerReturnType = SolanaSigner | undefined

/**
 * The signed-in user's Solana wallet as a signer for `@solana/kit` transactions and messages
 * (`@sigil/signer` `toSolanaSigner`); `undefined` until the signer is connected with a user that
 * has a Solana address.
 *
 * @example
 * const solana = useSolanaSigner()
 * const signature = await solana?.signMessage(new TextEncoder().encode('hello'))
 */
export function useSolanaSigner(): UseSolanaSignerReturnType {
  useSigilContext('useSolanaSigner')
  const signer = useSigner()
  const { isConnected } = useSignerStatus()
  const user = useUser()
  const solanaAddress = user?.type === 'sca' ? user.solanaAddress : undefined
  return useMemo(
    () => (signer && isConnected && solanaAddress && signer.user ? toSolanaSigner(signer) : undefined),
    [signer, isConnected, solanaAddress],
  )
}
