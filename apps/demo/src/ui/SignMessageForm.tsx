import { type FormEvent, useId, useState } from 'react'
import { ErrorText } from './ErrorText'
import { SignatureResult } from './SignatureResult'

export type SignMessageFormProps = {
  /** Who should have signed; the form is disabled without one. */
  address: string | undefined
  defaultMessage: string
  /** The submit button's label. */
  buttonLabel: string
  sign: (message: string) => Promise<string>
  /** Checks `signature` of `message` against `address`. */
  verify: (address: string, message: string, signature: string) => Promise<boolean>
  isPending: boolean
  error: Error | null
}

type Signed = { signature: string; verified: boolean | undefined }

/**
 * A message box and a sign button, then the signature and its check (`verify`, shown as it runs).
 *
 * @example
 * <SignMessageForm address={address} defaultMessage="Hello" buttonLabel="Sign message" sign={sign} verify={verify} isPending={false} error={null} />
 */
export function SignMessageForm({
  address,
  defaultMessage,
  buttonLabel,
  sign,
  verify,
  isPending,
  error,
}: SignMessageFormProps) {
  const inputId = useId()
  const [message, setMessage] = useState(defaultMessage)
  const [signed, setSigned] = useState<Signed>()

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault()
    if (!address) return
    setSigned(undefined)
    const signature = await sign(message)
    setSigned({ signature, verified: undefined })
    const verified = await verify(address, message, signature).catch(() => false)
    setSigned({ signature, verified })
  }

  return (
    <>
      <form className="form" onSubmit={(event) => void onSubmit(event).catch(() => undefined)}>
        <label className="field-label" htmlFor={inputId}>
          Message
        </label>
        <textarea
          id={inputId}
          className="input"
          rows={2}
          value={message}
          onChange={(event) => setMessage(event.target.value)}
          required
        />
        <button type="submit" className="button" disabled={!address || isPending || !message}>
          {isPending ? 'Signing…' : buttonLabel}
        </button>
      </form>
      <ErrorText error={error} />
      {signed && address ? <SignatureResult address={address} {...signed} /> : null}
    </>
  )
}
