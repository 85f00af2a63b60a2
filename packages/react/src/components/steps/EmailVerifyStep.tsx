import { Spinner } from '../../ui/Spinner.js'
import { texts } from '../../ui/texts.js'
import { ResendEmail } from '../ResendEmail.js'
import { useEmailSignIn } from '../useEmailSignIn.js'

/**
 * Step email_verify (spec §2 'Check your email'): the link was sent to `email`; Resend sends it again.
 * The step completes when the link is opened (here or in another tab).
 *
 * @example
 * <EmailVerifyStep email="ada@example.com" />
 */
export function EmailVerifyStep({ email }: { email: string }) {
  const startEmailSignIn = useEmailSignIn()
  return (
    <>
      <Spinner />
      <h2>{texts.email.title}</h2>
      <p className="sigil-muted">
        {texts.email.linkSent}
        <br />
        <strong>{email}</strong>
      </p>
      <ResendEmail onResend={() => void startEmailSignIn(email, { emailMode: 'magicLink' })} />
    </>
  )
}
