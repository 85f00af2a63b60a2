import { useMFA } from '@sigil/react'
import type { MultiFactorEntry } from '@sigil/signer'
import { useEffect, useState } from 'react'
import { ErrorText } from '../ui/ErrorText'

export type RecoveryCodesProps = {
  /** Codes the server just showed (the first factor's verification): shown until "I saved them". */
  fresh?: string[] | undefined
  /** Called when the user confirms they saved the codes on screen. */
  onSaved: () => void
  /** The verified factor's current code, which making new codes needs (the MFA gate). */
  proof?: MultiFactorEntry[] | undefined
  /** Called once new codes are made: the current code that proved it is spent, clear it. */
  onMade?: (() => void) | undefined
}

/**
 * The recovery codes part of the two-factor panel (docs/security.md, "Recovery codes"): the 10
 * single-use codes once, with Copy and "I saved them"; then how many are unused, and "Make new
 * codes" (with the authenticator's current code), which replaces all of them and shows the new ones
 * once.
 *
 * @example
 * <RecoveryCodes fresh={recoveryCodes} onSaved={() => setRecoveryCodes(undefined)} proof={proof} />
 */
export function RecoveryCodes({ fresh, onSaved, proof, onMade }: RecoveryCodesProps) {
  const { getRecoveryCodeCount, generateRecoveryCodes, isReady } = useMFA()
  const [made, setMade] = useState<string[]>()
  const [copied, setCopied] = useState(false)
  const { mutate: count, data } = getRecoveryCodeCount
  const shown = made ?? fresh

  useEffect(() => {
    if (isReady && !shown) count()
  }, [isReady, shown, count])

  const copy = async (codes: string[]) => {
    await navigator.clipboard.writeText(codes.join('\n'))
    setCopied(true)
  }
  const makeNew = async () => {
    const { recoveryCodes } = await generateRecoveryCodes.mutateAsync({ multiFactors: proof })
    setCopied(false)
    setMade(recoveryCodes)
    onMade?.()
  }

  if (shown)
    return (
      <section className="recovery-codes" aria-label="Your recovery codes">
        <p>
          <strong>Save these recovery codes now.</strong> Each signs you in once if you lose your
          authenticator app. They will not be shown again.
        </p>
        <ol className="recovery-code-list">
          {shown.map((code) => (
            <li key={code}>
              <code>{code}</code>
            </li>
          ))}
        </ol>
        <div className="button-row">
          <button
            type="button"
            className="button button-secondary"
            onClick={() => void copy(shown).catch(() => undefined)}
          >
            {copied ? 'Copied' : 'Copy'}
          </button>
          <button
            type="button"
            className="button"
            onClick={() => {
              setMade(undefined)
              onSaved()
            }}
          >
            I saved them
          </button>
        </div>
      </section>
    )

  return (
    <section className="recovery-codes" aria-label="Recovery codes">
      <p className="muted">
        {data === undefined
          ? 'Recovery codes: …'
          : `Recovery codes: ${data.unusedRecoveryCodes} of 10 unused`}
      </p>
      <button
        type="button"
        className="button button-secondary"
        onClick={() => void makeNew().catch(() => undefined)}
        disabled={
          !isReady || generateRecoveryCodes.isPending || !proof?.[0]?.multiFactorCode.match(/^\d{6}$/)
        }
      >
        {generateRecoveryCodes.isPending ? 'Making…' : 'Make new codes'}
      </button>
      <ErrorText error={generateRecoveryCodes.error} />
    </section>
  )
}
