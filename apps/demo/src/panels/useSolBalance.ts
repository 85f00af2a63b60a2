import { type Address, createSolanaRpc } from '@solana/kit'
import { useQuery } from '@tanstack/react-query'
import { useMemo } from 'react'

/**
 * The SOL balance (lamports) of `address` through the RPC at `rpcUrl`, confirmed, refreshed every 5 s (funds
 * may come from elsewhere: another tab, the CLI). The wallet's overview and the Solana panel share one query.
 *
 * @example
 * const balance = useSolBalance(settings.solana?.rpcUrl, user.solanaAddress)
 */
export function useSolBalance(rpcUrl: string | undefined, address: string | undefined) {
  const rpc = useMemo(() => (rpcUrl ? createSolanaRpc(rpcUrl) : undefined), [rpcUrl])
  return useQuery({
    queryKey: ['demoSolanaBalance', rpcUrl, address],
    queryFn: async () =>
      (await rpc!.getBalance(address as Address, { commitment: 'confirmed' }).send()).value,
    enabled: rpc !== undefined && address !== undefined,
    refetchInterval: 5_000,
  })
}
