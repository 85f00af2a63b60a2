import { type FormEvent, useId, useState } from 'react'
import { Button } from '../../ui/Button.js'
import { texts } from '../../ui/texts.js'
import type { EmailAuthType } from '../AuthUiConfig.js'
import { useEmailSignIn } from '../useEmailSignIn.js'

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/**
 * The email field and its Continue button (step initial, docs/sign-in-ui.md). Submitting a valid address starts the
 * email sign-in (code or link, as the server says); an invalid one shows 'Must provide a valid email.'.
 *
 * @example
 * <EmailSection type="email" />
 */
export function EmailSection({ emailMode, hideButton, buttonLabel, placeholder }: EmailAuthType) {
  const id = useId()
  const startEmailSignIn = useEmailSignIn()
  const [email, setEmail] = useState('')
  const [invalid, setInvalid] = useState(false)
  const [pending, setPending] = useState(false)
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault()
    const value = email.trim()
    if (!emailPattern.test(value)) {
      setInvalid(true)
      return
    }
    setInvalid(false)
    setPending(true)
    try {
      await startEmailSignIn(value, { emailMode })
    } finally {
      setPending(false)
    }
  }
  return (
    <form className="sigil-stack" onSubmit={onSubmit} noValidate>
      <div>
        <label className="sigil-label" htmlFor={id}>
          {texts.login.emailLabel}
        </label>
        <input
          id={id}
          className="sigil-input"
          type="email"
          name="email"
          autoComplete="email"
          value={email}
          placeholder={placeholder ?? texts.login.emailPlaceholder}
          onChange={(event) => setEmail(event.target.value)}
          disabled={pending}
          aria-invalid={invalid ? true : undefined}
          aria-describedby={invalid ? `${id}-error` : undefined}
        />
        {invalid ? (
          <p id={`${id}-error`} className="sigil-error" role="alert">
            {texts.login.invalidEmail}
          </p>
        ) : null}
      </div>
      {hideButton ? null : (
        <Button type="submit" variant="primary" disabled={pending || email.trim() === ''}>
          {buttonLabel ?? texts.login.continue}
        </Button>
      )}
    </form>
  )
}
