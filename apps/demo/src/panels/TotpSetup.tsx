import { useMFA } from '@sigil/react'
import type { MultiFactor } from '@sigil/signer'
import { QRCodeSVG } from 'qrcode.react'
import { type FormEvent, useId, useState } from 'react'
import { ErrorText } from '../ui/ErrorText'

export type TotpEnrolment = { multiFactorId: string; multiFactorTotpUrl: string }

export type TotpSetupProps = {
  enrolment: TotpEnrolment
  /** Called with the user's factors once the first code is accepted. */
  /** The factors after verifying, and the recovery codes the server shows once (the user's first factor only). */
  onVerified: (multiFactors: MultiFactor[], recoveryCodes: string[] | undefined) => void
  onCancel: () => void
}

/** The key in an `otpauth://` URL, in groups of four for typing ("ABCD EFGH …"). */
const groupSecret = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? ''

/**
 * Adding an authenticator app: a QR code of the factor's `otpauth://` URL, its key in groups of four
 * (with Copy) for apps that cannot scan, then the app's first code to confirm it (`verifyMFA`).
 *
 * @example
 * <TotpSetup enrolment={enrolment} onVerified={setFactors} onCancel={() => setEnrolment(undefined)} />
 */
export function TotpSetup({ enrolment, onVerified, onCancel }: TotpSetupProps) {
  const { verifyMFA } = useMFA()
  const [code, setCode] = useState('')
  const [copied, setCopied] = useState(false)
  const titleId = useId()
  const codeId = useId()
  const secret = new URL(enrolment.multiFactorTotpUrl).searchParams.get('secret') ?? ''

  const verify = async (event: FormEvent) => {
    event.preventDefault()
    const { multiFactors, recoveryCodes } = await verifyMFA.mutateAsync({
      multiFactorId: enrolment.multiFactorId,
      multiFactorCode: code,
    })
    onVerified(multiFactors, recoveryCodes)
  }
  const copy = async () => {
    await navigator.clipboard.writeText(secret)
    setCopied(true)
    setTimeout(() => setCopied(false), 1500)
  }

  return (
    <form
      className="form"
      aria-labelledby={titleId}
      onSubmit={(event) => void verify(event).catch(() => undefined)}
    >
      <p id={titleId} className="field-label">
        Add this to your authenticator app
      </p>
      <p className="muted">Scan the QR code with your authenticator app.</p>
      <QRCodeSVG
        className="totp-qr"
        value={enrolment.multiFactorTotpUrl}
        size={176}
        marginSize={2}
        role="img"
        aria-label="QR code for your authenticator app"
      />
      <div className="totp-key">
        <span>Can't scan? Enter this key:</span>
        <code className="value" data-secret={secret}>
          {groupSecret(secret)}
        </code>
        <button
          type="button"
          className="button button-small button-secondary"
          onClick={() => void copy().catch(() => undefined)}
          aria-label="Copy key"
        >
          {copied ? 'Copied' : 'Copy'}
        </button>
      </div>
      <label className="field-label" htmlFor={codeId}>
        Code from the app
      </label>
      <input
        id={codeId}
        className="input input-code"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]{6}"
        maxLength={6}
        required
        value={code}
        onChange={(event) => setCode(event.target.value.replace(/\D/g, ''))}
      />
      <div className="button-row">
        <button type="submit" className="button" disabled={verifyMFA.isPending || code.length !== 6}>
          {verifyMFA.isPending ? 'Verifying…' : 'Verify'}
        </button>
        <button type="button" className="button button-secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
      <ErrorText error={verifyMFA.error} />
    </form>
  )
}
