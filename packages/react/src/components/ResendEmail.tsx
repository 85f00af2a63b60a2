import { useEffect, useState } from 'react'
import { Button } from '../ui/Button.js'
import { texts } from '../ui/texts.js'

/** How long 'Done!' shows after a resend (docs/sign-in-ui.md#steps). */
const resentMs = 2000

/**
 * "Didn't receive the email?" with Resend, which reads 'Done!' for two seconds after a click.
 *
 * @example
 * <ResendEmail onResend={() => startEmailSignIn(email)} />
 */
export function ResendEmail({ onResend }: { onResend: () => void }) {
  const [resent, setResent] = useState(false)
  useEffect(() => {
    if (!resent) return
    const timer = setTimeout(() => setResent(false), resentMs)
    return () => clearTimeout(timer)
  }, [resent])
  return (
    <p className="sigil-muted">
      {texts.email.notReceived}{' '}
      <Button
        variant="link"
        disabled={resent}
        onClick={() => {
          setResent(true)
          onResend()
        }}
      >
        {resent ? texts.email.resent : texts.email.resend}
      </Button>
    </p>
  )
}
