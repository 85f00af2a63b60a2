import type { ButtonHTMLAttributes, ReactNode } from 'react'

export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  /** `primary` (filled), `secondary` (soft), `outline` (default), `link`, `icon` (no frame). */
  variant?: 'primary' | 'secondary' | 'outline' | 'link' | 'icon' | undefined
  icon?: ReactNode
}

/**
 * The sign-in UI's button: a native `<button type="button">` (focusable, Enter and Space work),
 * styled by `sigil.css` through `data-variant`.
 *
 * @example
 * <Button variant="primary" onClick={submit}>Continue</Button>
 */
export function Button({ variant = 'outline', icon, children, className, type, ...rest }: ButtonProps) {
  return (
    <button
      {...rest}
      type={type ?? 'button'}
      data-variant={variant}
      className={className ? `sigil-button ${className}` : 'sigil-button'}
    >
      {icon}
      {children}
    </button>
  )
}
