import { SigilSolanaContext, useSolanaSigner } from '@sigil/react'
import { createSolanaRpc, lamports } from '@solana/kit'
import { useMutation } from '@tanstack/react-query'
import { useMemo, useState } from 'react'
import type { DemoSettings } from '../loadDemoSettings'
import { CopyableValue } from '../ui/CopyableValue'
import { ErrorText } from '../ui/ErrorText'
import { Panel } from '../ui/Panel'
import { formatSol } from './formatSol'
import { SolanaTransfer } from './SolanaTransfer'
import { useSolBalance } from './useSolBalance'

/** What 'Get 1 SOL' asks the local runtime for. */
const airdropLamports = 1_000_000_000n

const description = "Your wallet's Solana account (ed25519, from the same seed) on the local Solana runtime."

/**
 * The user's Solana account (`useSolanaSigner`) on the local runtime, reached through the server's
 * RPC gateway: its address and balance, test SOL from the runtime, a SOL transfer whose fee the
 * server's fee payer pays (`useSolanaTransaction` with the demo's Solana policy). Without a Solana runtime in the settings there is none.
 *
 * @example
 * <SolanaPanel settings={settings} />
 */
export function SolanaPanel({ settings }: { settings: DemoSettings }) {
  const solana = settings.solana
  const context = useMemo(
    () => (solana ? { connection: { rpcUrl: solana.rpcUrl }, policyId: solana.policyId } : null),
    [solana],
  )
  if (!context)
    return (
      <Panel title="Solana" description={description}>
        <p className="muted">
          No Solana runtime is set up: run the demo with <code>npm start</code>, which starts one.
        </p>
      </Panel>
    )
  return (
    <SigilSolanaContext.Provider value={context}>
      <SolanaAccount rpcUrl={context.connection.rpcUrl} />
    </SigilSolanaContext.Provider>
  )
}

function SolanaAccount({ rpcUrl }: { rpcUrl: string }) {
  const signer = useSolanaSigner()
  const rpc = useMemo(() => createSolanaRpc(rpcUrl), [rpcUrl])
  const address = signer?.address
  const balance = useSolBalance(rpcUrl, address)
  const airdrop = useMutation({
    mutationFn: async () => {
      await rpc.requestAirdrop(address!, lamports(airdropLamports), { commitment: 'confirmed' }).send()
      await balance.refetch()
    },
  })
  const [lastBalance, setLastBalance] = useState<bigint>()
  if (balance.data !== undefined && balance.data !== lastBalance) setLastBalance(balance.data)

  return (
    <Panel title="Solana" description={description}>
      <dl className="values">
        <CopyableValue
          label="Solana address"
          value={address}
          fallback="none (this wallet has no Solana key)"
        />
        <div className="value-row">
          <dt>Balance</dt>
          <dd data-testid="solana-balance">
            {lastBalance === undefined ? '—' : `${formatSol(lastBalance)} SOL`}
          </dd>
        </div>
      </dl>
      <div className="form form-inline">
        <button
          type="button"
          className="button button-secondary"
          disabled={!address || airdrop.isPending}
          onClick={() => airdrop.mutate()}
        >
          {airdrop.isPending ? 'Requesting…' : 'Get 1 SOL (local runtime)'}
        </button>
      </div>
      <ErrorText error={airdrop.error ?? balance.error} />
      <SolanaTransfer balance={lastBalance} onSent={() => balance.refetch()} />
    </Panel>
  )
}
