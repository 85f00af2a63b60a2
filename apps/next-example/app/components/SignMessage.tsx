'use client'

import { useSignMessage } from '@sigil/react'
import { type FormEvent, useState } from 'react'
import { type Hex, verifyMessage } from 'viem'

/**
 * Signs an EIP-191 message with the user's key (`useSignMessage`) and shows the signature with viem's
 * check against the user's address.
 *
 * @example
 * <SignMessage address={user.address} />
 */
export function SignMessage({ address }: { address: Hex }) {
  const { signMessageAsync, isSigningMessage, error } = useSignMessage()
  const [message, setMessage] = useState('Hello from Next.js')
  const [signed, setSigned] = useState<{ message: string; signature: Hex; verified: boolean }>()

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault()
    setSigned(undefined)
    const signature = await signMessageAsync({ message })
    const verified = await verifyMessage({ address, message, signature }).catch(() => false)
    setSigned({ message, signature, verified })
  }

  return (
    <section className="card" aria-labelledby="sign-title">
      <h2 id="sign-title">Sign a message</h2>
      <form className="form" onSubmit={(event) => void onSubmit(event).catch(() => undefined)}>
        <label htmlFor="message">Message</label>
        <input id="message" className="input" value={message} onChange={(e) => setMessage(e.target.value)} />
        <button type="submit" className="button" disabled={isSigningMessage || !message}>
          {isSigningMessage ? 'Signing…' : 'Sign message'}
        </button>
      </form>
      {error ? (
        <p className="error" role="alert">
          {error.message}
        </p>
      ) : null}
      {signed ? (
        <>
          <p className="label">Signature</p>
          <output className="value" data-testid="signature">
            {signed.signature}
          </output>
          <p data-testid="verified" data-verified={String(signed.verified)}>
            {signed.verified ? '✓ Verified by viem against your address' : '✗ Does not verify'}
          </p>
        </>
      ) : null}
    </section>
  )
}
