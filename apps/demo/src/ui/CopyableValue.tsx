import { useState } from 'react'

export type CopyableValueProps = {
  label: string
  value: string | undefined
  /** Shown when there is no value. */
  fallback?: string
}

/**
 * A labelled value in monospace with a 'Copy' button (addresses, ids, signatures).
 *
 * @example
 * <CopyableValue label="EVM address" value={user.address} />
 */
export function CopyableValue({ label, value, fallback = '—' }: CopyableValueProps) {
  const [copied, setCopied] = useState(false)
  const copy = async () => {
    if (!value) return
    await navigator.clipboard.writeText(value)
    setCopied(true)
    setTimeout(() => setCopied(false), 1500)
  }
  return (
    <div className="value-row">
      <dt>{label}</dt>
      <dd>
        <code className="value">{value ?? fallback}</code>
        {value ? (
          <button
            type="button"
            className="button button-small button-secondary"
            onClick={() => void copy().catch(() => undefined)}
            aria-label={`Copy ${label}`}
          >
            {copied ? 'Copied' : 'Copy'}
          </button>
        ) : null}
      </dd>
    </div>
  )
}
