import { useSolanaTransaction } from '@sigil/react'
import { isAddress } from '@solana/kit'
import { type FormEvent, useId, useState } from 'react'
import { CopyableValue } from '../ui/CopyableValue'
import { ErrorText } from '../ui/ErrorText'
import { formatSol, parseSol } from './formatSol'
import { solanaRecipient } from './solanaRecipient'

type Sent = { signature: string; amount: bigint; before: bigint | undefined }

/**
 * 'Send sponsored SOL': a System Program transfer from the user's Solana account, signed by their
 * wallet, whose fee the server's fee payer pays under the demo's Solana policy
 * (`useSolanaTransaction`, sponsored through `alchemy_requestFeePayer`). Shows the signature and the
 * balance change: exactly the amount, no fee.
 *
 * @example
 * <SolanaTransfer balance={balance} onSent={refetchBalance} />
 */
export function SolanaTransfer({
  balance,
  onSent,
}: {
  balance: bigint | undefined
  onSent: () => Promise<unknown>
}) {
  const toId = useId()
  const amountId = useId()
  const [toAddress, setToAddress] = useState(solanaRecipient)
  const [amountText, setAmountText] = useState('0.001')
  const [sent, setSent] = useState<Sent>()
  const { mutateAsync, isPending, error, reset } = useSolanaTransaction()
  const amount = parseSol(amountText)
  const recipientValid = isAddress(toAddress.trim())

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault()
    if (amount === undefined || !recipientValid) return
    setSent(undefined)
    reset()
    const before = balance
    const { hash } = await mutateAsync({ transfer: { amount, toAddress: toAddress.trim() } })
    setSent({ signature: hash, amount, before })
    await onSent()
  }

  return (
    <div className="sponsored-send">
      <h4 className="field-label">Send SOL, fee sponsored</h4>
      <form className="form" onSubmit={(event) => void onSubmit(event).catch(() => undefined)}>
        <label className="field-label" htmlFor={toId}>
          Recipient
        </label>
        <input
          id={toId}
          className="input"
          value={toAddress}
          onChange={(event) => setToAddress(event.target.value)}
          aria-invalid={!recipientValid}
          spellCheck={false}
          required
        />
        {recipientValid ? null : <p className="error-text">Not a Solana address (base58, 32 bytes).</p>}
        <label className="field-label" htmlFor={amountId}>
          Amount (SOL)
        </label>
        <input
          id={amountId}
          className="input"
          inputMode="decimal"
          value={amountText}
          onChange={(event) => setAmountText(event.target.value)}
          aria-invalid={amount === undefined}
          required
        />
        {amount === undefined ? (
          <p className="error-text">Type a positive amount with at most 9 decimals.</p>
        ) : null}
        <p className="muted panel-note">
          A new recipient account needs at least 0.00089088 SOL (rent exemption). The server's fee payer pays
          the fee; your account pays only the amount.
        </p>
        <button
          type="submit"
          className="button"
          disabled={isPending || amount === undefined || !recipientValid}
        >
          {isPending ? 'Sending…' : 'Send sponsored SOL'}
        </button>
      </form>
      <p className="muted" role="status">
        {isPending ? 'Asking the fee payer to co-sign, signing and sending…' : null}
      </p>
      <ErrorText error={error} />
      {sent ? <SentTransfer sent={sent} balance={balance} /> : null}
    </div>
  )
}

function SentTransfer({ sent, balance }: { sent: Sent; balance: bigint | undefined }) {
  const spent = sent.before !== undefined && balance !== undefined ? sent.before - balance : undefined
  return (
    <>
      <dl className="values">
        <CopyableValue label="Transaction signature" value={sent.signature} />
      </dl>
      <p className="verified" data-verified="true">
        <span aria-hidden="true">✓</span> Sponsored: the fee was paid by the server's fee payer
        {spent === undefined
          ? null
          : spent === sent.amount
            ? `; your balance went down by exactly ${formatSol(sent.amount)} SOL`
            : `; your balance changed by ${formatSol(-spent)} SOL`}
      </p>
    </>
  )
}
