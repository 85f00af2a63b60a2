import type { SmartAccountType } from '@sigil/core'
import { useSmartAccountClient } from '@sigil/react'
import { useQuery } from '@tanstack/react-query'
import { useId, useState } from 'react'
import { formatEther } from 'viem'
import { getBalance, getCode } from 'viem/actions'
import type { DemoSettings } from '../loadDemoSettings'
import { CopyableValue } from '../ui/CopyableValue'
import { ErrorText } from '../ui/ErrorText'
import { Panel } from '../ui/Panel'
import { SponsoredSend } from './SponsoredSend'

/** The account types the panel offers, with what each is. */
const accountTypes: Record<SmartAccountType, string> = {
  LightAccount: 'LightAccount v2.0.0 on EntryPoint 0.7: one owner.',
  MultiOwnerLightAccount: 'MultiOwnerLightAccount v2.0.0 on EntryPoint 0.7: any of its owners signs.',
  MultiOwnerModularAccount: 'MultiOwnerModularAccount (Modular Account v1) on EntryPoint 0.6.',
  ModularAccountV2: 'ModularAccountV2 (semi-modular) on EntryPoint 0.7.',
}

/** Receipts on the local chain come within a second: poll often. */
const pollingInterval = 250
/**
 * The first receipt look-up waits `txRetryIntervalMs` (the spec's 2000 ms, made for public chains); the
 * devnet mines at once, so the demo asks after 250 ms.
 */
const clientOptions = { opts: { txRetryIntervalMs: 250 } }

/**
 * The user's smart account (`useSmartAccountClient`), owned by their wallet's key: pick a type, see
 * its address (counterfactual until its first operation deploys it) and balance, and send a
 * transaction whose gas the server's paymaster pays. Without a chain in the settings there is none.
 *
 * @example
 * <SmartAccountPanel settings={settings} />
 */
export function SmartAccountPanel({ settings }: { settings: DemoSettings }) {
  if (!settings.chain)
    return (
      <Panel title="Smart account" description="A smart contract account owned by your wallet's key.">
        <p className="muted">
          No chain is set up: run the demo with <code>npm start</code>, which starts the local devnet.
        </p>
      </Panel>
    )
  return <SmartAccount chainName={settings.chain.name} />
}

function SmartAccount({ chainName }: { chainName: string }) {
  const selectId = useId()
  const [type, setType] = useState<SmartAccountType>('LightAccount')
  const { client, address, isLoadingClient, error } = useSmartAccountClient({
    type,
    pollingInterval,
    clientOptions,
  })
  const [sends, setSends] = useState(0)
  const onChain = useQuery({
    queryKey: ['demoSmartAccount', address, sends],
    queryFn: async () => {
      const [code, balance] = await Promise.all([
        getCode(client!.publicClient, { address: address! }),
        getBalance(client!.publicClient, { address: address! }),
      ])
      return { deployed: code !== undefined && code !== '0x', balance }
    },
    enabled: client !== undefined && address !== undefined,
  })
  const deployment = onChain.data
    ? onChain.data.deployed
      ? 'Deployed'
      : 'Counterfactual: not deployed yet (the first transaction deploys it)'
    : isLoadingClient
      ? 'Building the account…'
      : '—'

  return (
    <Panel
      title="Smart account"
      description={`A smart contract account on ${chainName}, owned by your wallet's key.`}
    >
      <div className="form">
        <label className="field-label" htmlFor={selectId}>
          Account type
        </label>
        <select
          id={selectId}
          className="input"
          value={type}
          aria-describedby={`${selectId}-about`}
          onChange={(event) => setType(event.target.value as SmartAccountType)}
        >
          {Object.keys(accountTypes).map((each) => (
            <option key={each} value={each}>
              {each}
            </option>
          ))}
        </select>
        <p id={`${selectId}-about`} className="muted panel-note">
          {accountTypes[type]}
        </p>
      </div>
      <dl className="values">
        <CopyableValue
          label="Account address"
          value={address}
          fallback={isLoadingClient ? 'building…' : '—'}
        />
        <div className="value-row">
          <dt>Deployment</dt>
          <dd data-testid="deployment">{deployment}</dd>
        </div>
        <div className="value-row">
          <dt>Balance</dt>
          <dd data-testid="balance">{onChain.data ? `${formatEther(onChain.data.balance)} ETH` : '—'}</dd>
        </div>
      </dl>
      <ErrorText error={error} />
      <SponsoredSend
        key={type}
        client={client}
        unavailable={unavailableReason({ isLoadingClient, error })}
        onSent={() => setSends((count) => count + 1)}
      />
    </Panel>
  )
}

/** Why the panel has no smart-account client to send with, in the user's words. */
function unavailableReason({ isLoadingClient, error }: { isLoadingClient: boolean; error: Error | null }) {
  if (isLoadingClient) return 'Setting up your smart account… The button turns on when it is ready.'
  if (error)
    return 'Your smart account could not be set up (the reason is above). Sign out and in again to retry.'
  return 'Your smart account is not available yet. Sign out and in again if this does not change.'
}
