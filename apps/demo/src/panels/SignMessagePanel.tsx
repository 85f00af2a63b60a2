import { useSignMessage } from '@sigil/react'
import { type FormEvent, useId, useState } from 'react'
import { verifyMessage } from 'viem'
import { ErrorText } from '../ui/ErrorText'
import { Panel } from '../ui/Panel'
import { SignatureResult } from '../ui/SignatureResult'

type Signed = { signature: `0x${string}`; verified: boolean | undefined }

/**
 * Signs a message (EIP-191, `useSignMessage`) and checks the signature with viem's `verifyMessage`.
 *
 * @example
 * <SignMessagePanel address={user.address} />
 */
export function SignMessagePanel({ address }: { address: `0x${string}` }) {
  const inputId = useId()
  const [message, setMessage] = useState('Hello from the Sigil demo')
  const [signed, setSigned] = useState<Signed>()
  const { signMessageAsync, isSigningMessage, error } = useSignMessage()

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault()
    setSigned(undefined)
    const signature = await signMessageAsync({ message })
    setSigned({ signature, verified: undefined })
    const verified = await verifyMessage({ address, message, signature }).catch(() => false)
    setSigned({ signature, verified })
  }

  return (
    <Panel title="Sign a message" description="An EIP-191 personal message, signed by your wallet's key.">
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
        <button type="submit" className="button" disabled={isSigningMessage || !message}>
          {isSigningMessage ? 'Signing…' : 'Sign message'}
        </button>
      </form>
      <ErrorText error={error} />
      {signed ? <SignatureResult address={address} {...signed} /> : null}
    </Panel>
  )
}
