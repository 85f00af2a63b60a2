import { type ChangeEvent, type ClipboardEvent, type KeyboardEvent, useId, useRef, useState } from 'react'

/** The length of email and authenticator codes. */
export const codeLength = 6

export type CodeInputProps = {
  /** The visible label, e.g. 'Verification code'; it names the group of six boxes. */
  label: string
  /** Called with the code when the sixth digit is in. */
  onComplete: (code: string) => void
  disabled?: boolean | undefined
  /** An error to show under the boxes (and announce); remount (`key`) to clear the boxes. */
  errorText?: string | undefined
  autoFocus?: boolean | undefined
}

const emptyDigits = (): string[] => Array.from({ length: codeLength }, () => '')

/** Writes `digits` into `current` from box `from` on; returns the new boxes and the box to focus. */
const spread = (current: string[], digits: string, from: number): { next: string[]; focus: number } => {
  const start = digits.length >= codeLength ? 0 : from
  const next = [...current]
  const written = digits.slice(0, codeLength - start)
  for (let i = 0; i < written.length; i++) next[start + i] = written[i] ?? ''
  return { next, focus: Math.min(start + written.length, codeLength - 1) }
}

/** The digit just typed into a box that held `previous` (the new one may come before or after it). */
const typedDigit = (previous: string, digits: string): string =>
  digits.length === 2 && previous && digits.startsWith(previous) ? digits.slice(1) : digits.slice(0, 1)

/**
 * A six-digit code field: six one-digit boxes ("Digit 1 of 6" …) in a group named by `label`. Digits
 * only; typing moves forward, Backspace and the arrow keys move back and forth; a whole code pasted
 * (or filled by the phone: the first box has `autocomplete="one-time-code"`) into any box is spread
 * over the six; `onComplete` is called when the sixth digit is in. The boxes sit in a `<label>` whose
 * control is the first box, so filling the group's label fills the code. An error is tied to the group
 * with `aria-describedby` and announced (`role="alert"`). Remount (`key`) to clear. See docs/sign-in-ui.md.
 *
 * @example
 * <CodeInput label="Verification code" onComplete={(code) => authenticate({ type: 'otp', otpCode: code })} />
 */
export function CodeInput({ label, onComplete, disabled, errorText, autoFocus }: CodeInputProps) {
  const id = useId()
  const [digits, setDigits] = useState(emptyDigits)
  const boxes = useRef<(HTMLInputElement | null)[]>([])

  const focusBox = (index: number) => {
    const box = boxes.current[Math.max(0, Math.min(index, codeLength - 1))]
    box?.focus()
    box?.select()
  }
  const update = (next: string[], focus: number) => {
    setDigits(next)
    focusBox(focus)
    const code = next.join('')
    if (code.length === codeLength) onComplete(code)
  }

  const onChange = (index: number) => (event: ChangeEvent<HTMLInputElement>) => {
    const typed = event.target.value.replace(/\D/g, '')
    if (typed.length > 2) {
      const { next, focus } = spread(digits, typed, index)
      return update(next, focus)
    }
    const digit = typed ? typedDigit(digits[index] ?? '', typed) : ''
    const next = [...digits]
    next[index] = digit
    if (!digit) return setDigits(next)
    update(next, index + 1)
  }
  const onPaste = (index: number) => (event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault()
    const pasted = event.clipboardData.getData('text').replace(/\D/g, '')
    if (!pasted) return
    const { next, focus } = spread(digits, pasted, index)
    update(next, focus)
  }
  const onKeyDown = (index: number) => (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Backspace' && !digits[index] && index > 0) {
      event.preventDefault()
      const next = [...digits]
      next[index - 1] = ''
      setDigits(next)
      focusBox(index - 1)
    } else if (event.key === 'ArrowLeft' && index > 0) {
      event.preventDefault()
      focusBox(index - 1)
    } else if (event.key === 'ArrowRight' && index < codeLength - 1) {
      event.preventDefault()
      focusBox(index + 1)
    }
  }

  return (
    <div>
      <span id={`${id}-label`} className="sigil-label sigil-code-label">
        {label}
      </span>
      {/* biome-ignore lint/a11y/noLabelWithoutControl: its control is the first box inside it */}
      <label className="sigil-code">
        <fieldset
          aria-labelledby={`${id}-label`}
          aria-describedby={errorText ? `${id}-error` : undefined}
          className="sigil-code-boxes"
        >
          {digits.map((digit, index) => (
            <input
              // biome-ignore lint/suspicious/noArrayIndexKey: the six boxes never move
              key={index}
              ref={(box) => {
                boxes.current[index] = box
              }}
              className="sigil-input"
              data-code=""
              aria-label={`Digit ${index + 1} of ${codeLength}`}
              value={digit}
              onChange={onChange(index)}
              onPaste={onPaste(index)}
              onKeyDown={onKeyDown(index)}
              onFocus={(event) => event.target.select()}
              disabled={disabled}
              // biome-ignore lint/a11y/noAutofocus: the code is the only thing to do on this step
              autoFocus={autoFocus && index === 0}
              inputMode="numeric"
              autoComplete={index === 0 ? 'one-time-code' : 'off'}
              pattern="[0-9]*"
              aria-invalid={errorText ? true : undefined}
            />
          ))}
        </fieldset>
      </label>
      {errorText ? (
        <p id={`${id}-error`} className="sigil-error" role="alert">
          {errorText}
        </p>
      ) : null}
    </div>
  )
}
