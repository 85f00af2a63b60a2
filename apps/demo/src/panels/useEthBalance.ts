import { useBundlerClient } from '@sigil/react'
import { useQuery } from '@tanstack/react-query'
import { getBalance } from 'viem/actions'

/**
 * The ETH balance (wei) of `address` on the app's chain (viem `getBalance` through the chain's Sigil
 * gateway), refreshed every 5 s; off while `enabled` is false (no chain set up).
 *
 * @example
 * const balance = useEthBalance(user.address, settings.chain !== undefined)
 */
export function useEthBalance(address: `0x${string}`, enabled: boolean) {
  const client = useBundlerClient()
  return useQuery({
    queryKey: ['demoEthBalance', client.chain?.id, address],
    queryFn: () => getBalance(client, { address }),
    enabled,
    refetchInterval: 5_000,
  })
}
