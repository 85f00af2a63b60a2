'use client'

import { useSendUserOperation, useSmartAccountClient, useWaitForUserOperationTransaction } from '@sigil/react'
import { useState } from 'react'
import type { Hash } from 'viem'
import { useSettings } from '../SettingsContext'

/** Where the sponsored operation goes: 0 ETH to a fixed address. */
const recipient = '0x000000000000000000000000000000000000dEaD'

/** The devnet mines at once: poll receipts often, and look the first one up after 250 ms. */
const pollingInterval = 250
const clientOptions = { opts: { txRetryIntervalMs: 250 } }

/**
 * The user's smart account (a LightAccount owned by their key, `useSmartAccountClient`) and a button
 * that sends it a user operation of 0 ETH whose gas the app's policy sponsors (`useSendUserOperation`),
 * then shows the transaction hash (`useWaitForUserOperationTransaction`). Without a chain in the
 * settings it says so.
 *
 * @example
 * <SponsoredSend />
 */
export function SponsoredSend() {
  const { chain } = useSettings()
  if (!chain)
    return (
      <section className="card" aria-labelledby="send-title">
        <h2 id="send-title">Sponsored operation</h2>
        <p className="muted">
          No chain is set: give SIGIL_CHAIN_ID and SIGIL_CHAIN_RPC_URL (see the README).
        </p>
      </section>
    )
  return <SmartAccountSend />
}

function SmartAccountSend() {
  const { client, address, isLoadingClient, error } = useSmartAccountClient({
    type: 'LightAccount',
    pollingInterval,
    clientOptions,
  })
  const send = useSendUserOperation({ client })
  const wait = useWaitForUserOperationTransaction({ client })
  const [step, setStep] = useState<'idle' | 'sending' | 'waiting'>('idle')
  const [transactionHash, setTransactionHash] = useState<Hash>()

  const onSend = async () => {
    setStep('sending')
    setTransactionHash(undefined)
    try {
      const { hash } = await send.sendUserOperationAsync({ uo: { target: recipient, data: '0x', value: 0n } })
      setStep('waiting')
      setTransactionHash(await wait.waitForUserOperationTransactionAsync({ hash }))
    } finally {
      setStep('idle')
    }
  }
  const failure = error ?? send.error ?? wait.error

  return (
    <section className="card" aria-labelledby="send-title">
      <h2 id="send-title">Sponsored operation</h2>
      <p className="muted">
        Sends 0 ETH from your smart account to <code>0x0000…dEaD</code>; the app's gas policy pays the gas.
      </p>
      <p className="label">Smart account</p>
      <code className="value" data-testid="account-address">
        {address ?? (isLoadingClient ? 'building…' : '—')}
      </code>
      <button
        type="button"
        className="button"
        disabled={!client || step !== 'idle'}
        onClick={() => void onSend().catch(() => undefined)}
      >
        {step === 'sending'
          ? 'Sending…'
          : step === 'waiting'
            ? 'Waiting for the receipt…'
            : 'Send sponsored operation'}
      </button>
      {failure ? (
        <p className="error" role="alert">
          {failure.message}
        </p>
      ) : null}
      {transactionHash ? (
        <>
          <p className="label">Transaction hash</p>
          <code className="value" data-testid="transaction-hash">
            {transactionHash}
          </code>
        </>
      ) : null}
    </section>
  )
}
