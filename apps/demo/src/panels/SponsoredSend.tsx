import type { SmartAccountClient } from '@sigil/core'
import { useSendUserOperation, useWaitForUserOperationTransaction } from '@sigil/react'
import { useId, useState } from 'react'
import type { Hash } from 'viem'
import { CopyableValue } from '../ui/CopyableValue'
import { ErrorText } from '../ui/ErrorText'

/** Where the sponsored transaction goes: 0 ETH to a fixed address. */
export const sponsoredRecipient = '0x000000000000000000000000000000000000dEaD'

type Progress =
  | { step: 'idle' }
  | { step: 'sending' }
  | { step: 'waiting'; userOperationHash: Hash }
  | { step: 'done'; userOperationHash: Hash; transactionHash: Hash }

/**
 * 'Send sponsored transaction': a user operation that sends 0 ETH to a fixed address, its gas paid by
 * the server's paymaster under the dev app's policy; shows each step (sending, waiting for the
 * receipt) and then the transaction hash. A refusal (e.g. by the policy) is shown as it comes. Without a
 * client the button is disabled and `unavailable` says why, next to it.
 *
 * @example
 * <SponsoredSend client={client} unavailable="Setting up your smart account…" onSent={refresh} />
 */
export function SponsoredSend({
  client,
  unavailable,
  onSent,
}: {
  client: SmartAccountClient | undefined
  /** Why there is no client (shown while the button is disabled for want of one). */
  unavailable: string
  onSent: () => void
}) {
  const reasonId = useId()
  const [progress, setProgress] = useState<Progress>({ step: 'idle' })
  const send = useSendUserOperation({ client })
  const wait = useWaitForUserOperationTransaction({ client })
  const busy = progress.step === 'sending' || progress.step === 'waiting'

  const onSend = async () => {
    setProgress({ step: 'sending' })
    try {
      const { hash: userOperationHash } = await send.sendUserOperationAsync({
        uo: { target: sponsoredRecipient, data: '0x', value: 0n },
      })
      setProgress({ step: 'waiting', userOperationHash })
      const transactionHash = await wait.waitForUserOperationTransactionAsync({ hash: userOperationHash })
      setProgress({ step: 'done', userOperationHash, transactionHash })
      onSent()
    } catch {
      setProgress({ step: 'idle' })
    }
  }

  return (
    <div className="sponsored-send">
      <p className="muted panel-note">
        Sends 0 ETH from the smart account to{' '}
        <code title={sponsoredRecipient}>{shorten(sponsoredRecipient)}</code>; the server's paymaster pays the
        gas.
      </p>
      <button
        type="button"
        className="button"
        disabled={!client || busy}
        aria-describedby={client ? undefined : reasonId}
        onClick={() => void onSend()}
      >
        {progress.step === 'sending'
          ? 'Sending…'
          : progress.step === 'waiting'
            ? 'Waiting for the receipt…'
            : 'Send sponsored transaction'}
      </button>
      {client ? null : (
        <p id={reasonId} className="muted panel-note" data-testid="send-unavailable">
          {unavailable}
        </p>
      )}
      <p className="muted" role="status">
        {progress.step === 'sending'
          ? 'Sending the user operation to the bundler…'
          : progress.step === 'waiting'
            ? 'Sent. Waiting for the transaction that includes it…'
            : null}
      </p>
      <ErrorText error={send.error ?? wait.error} />
      {progress.step === 'waiting' || progress.step === 'done' ? (
        <dl className="values">
          <CopyableValue label="User operation hash" value={progress.userOperationHash} />
          {progress.step === 'done' ? (
            <CopyableValue label="Transaction hash" value={progress.transactionHash} />
          ) : null}
        </dl>
      ) : null}
      {progress.step === 'done' ? (
        <p className="verified" data-verified="true">
          <span aria-hidden="true">✓</span> Sponsored: gas paid by the paymaster
        </p>
      ) : null}
    </div>
  )
}

const shorten = (address: string) => `${address.slice(0, 6)}…${address.slice(-4)}`
