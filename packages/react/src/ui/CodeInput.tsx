import { type ChangeEvent, useId, useState } from 'react'

/** The length of email and authenticator codes. */
export const codeLength = 6

export type CodeInputProps = {
  /** The visible label, e.g. 'Verification code'. */
  label: string
  /** Called once with the code when all six digits are in. */
  onComplete: (code: string) => void
  disabled?: boolean | undefined
  /** An error to show under the field (and announce); the field is cleared when it changes. */
  errorText?: string | undefined
  autoFocus?: boolean | undefined
}

/**
 * A six-digit code field: one labelled input (`inputMode="numeric"`, `autocomplete="one-time-code"`,
 * so phones offer the code), digits only, pasting works; calls `onComplete` at six digits. An error
 * is tied to the field with `aria-describedby` and announced (`role="alert"`). Remount (`key`) to clear.
 *
 * @example
 * <CodeInput label="Verification code" onComplete={(code) => authenticate({ type: 'otp', otpCode: code })} />
 */
export function CodeInput({ label, onComplete, disabled, errorText, autoFocus }: CodeInputProps) {
  const id = useId()
  const [value, setValue] = useState('')
  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const digits = event.target.value.replace(/\D/g, '').slice(0, codeLength)
    setValue(digits)
    if (digits.length === codeLength) onComplete(digits)
  }
  return (
    <div>
      <label className="sigil-label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className="sigil-input"
        data-code=""
        value={value}
        onChange={onChange}
        disabled={disabled}
        // biome-ignore lint/a11y/noAutofocus: the code field is the only thing to do on this step
        autoFocus={autoFocus}
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]*"
        maxLength={codeLength}
        aria-invalid={errorText ? true : undefined}
        aria-describedby={errorText ? `${id}-error` : undefined}
      />
      {errorText ? (
        <p id={`${id}-error`} className="sigil-error" role="alert">
          {errorText}
        </p>
      ) : null}
    </div>
  )
}
