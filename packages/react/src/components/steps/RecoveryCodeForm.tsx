import { useId, useState } from 'react'
import { Button } from '../../ui/Button.js'
import { texts } from '../../ui/texts.js'

export type RecoveryCodeFormProps = {
  /** Called with the code as typed (the server ignores case, spaces and dashes). */
  onSubmit: (recoveryCode: string) => void
  /** Back to the authenticator code. */
  onCancel: () => void
  disabled?: boolean | undefined
  /** Shown under the field (role `alert`) after a failed try. */
  errorText?: string | undefined
}

/**
 * The "Use a recovery code" part of the MFA step: a labelled field for one of the user's recovery
 * codes (docs/security.md, "Recovery codes"), Continue, and a way back to the authenticator code.
 *
 * @example
 * <RecoveryCodeForm onSubmit={(code) => submit({ recoveryCode: code })} onCancel={() => setRecovery(false)} />
 */
export function RecoveryCodeForm({ onSubmit, onCancel, disabled, errorText }: RecoveryCodeFormProps) {
  const [value, setValue] = useState('')
  const inputId = useId()
  const hintId = useId()
  const errorId = useId()
  return (
    <form
      className="sigil-recovery-code"
      onSubmit={(event) => {
        event.preventDefault()
        if (value.trim()) onSubmit(value.trim())
      }}
    >
      <h2>{texts.recoveryCode.title}</h2>
      <label htmlFor={inputId}>{texts.recoveryCode.label}</label>
      <input
        id={inputId}
        className="sigil-input"
        value={value}
        onChange={(event) => setValue(event.target.value)}
        autoComplete="one-time-code"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={32}
        disabled={disabled}
        aria-invalid={errorText ? true : undefined}
        aria-describedby={errorText ? `${hintId} ${errorId}` : hintId}
        // biome-ignore lint/a11y/noAutofocus: the field is the step's first field (docs/sign-in-ui.md).
        autoFocus
      />
      <p id={hintId} className="sigil-muted">
        {texts.recoveryCode.hint}
      </p>
      {errorText ? (
        <p id={errorId} role="alert" className="sigil-error">
          {errorText}
        </p>
      ) : null}
      <Button variant="primary" type="submit" disabled={disabled || !value.trim()}>
        {texts.recoveryCode.submit}
      </Button>
      <Button variant="link" onClick={onCancel} disabled={disabled}>
        {texts.recoveryCode.useAuthenticator}
      </Button>
    </form>
  )
}
