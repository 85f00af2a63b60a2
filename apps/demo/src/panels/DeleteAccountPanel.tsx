import { exportAccountData, MfaRequiredError } from '@sigil/core'
import { useDeleteAccount, useSigilConfig } from '@sigil/react'
import { type FormEvent, useId, useState } from 'react'
import { ErrorText } from '../ui/ErrorText'
import { Panel } from '../ui/Panel'

/**
 * Downloads what the server holds about the user (`exportAccountData`) and deletes the account
 * (`useDeleteAccount`) after a confirmation that says what is lost: the keys on the server, and with
 * them any funds not moved or exported first. A user with two-factor is asked for a current code.
 *
 * @example
 * <DeleteAccountPanel />
 */
export function DeleteAccountPanel() {
  const config = useSigilConfig()
  // The factor the server asked for stays asked for after a wrong code.
  const [factorId, setFactorId] = useState<string>()
  const { deleteAccount, isDeleting, error } = useDeleteAccount({
    onError: (caught) => {
      if (caught instanceof MfaRequiredError) setFactorId(caught.multiFactors[0]?.multiFactorId)
    },
  })
  const [confirming, setConfirming] = useState(false)
  const [understood, setUnderstood] = useState(false)
  const [code, setCode] = useState('')
  const [downloadError, setDownloadError] = useState<Error | null>(null)
  const understoodId = useId()
  const codeId = useId()

  const download = async () => {
    setDownloadError(null)
    try {
      const data = await exportAccountData(config)
      const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }))
      const link = document.createElement('a')
      link.href = url
      link.download = 'sigil-account-data.json'
      link.click()
      URL.revokeObjectURL(url)
    } catch (caught) {
      setDownloadError(caught instanceof Error ? caught : new Error(String(caught)))
    }
  }
  const submit = (event: FormEvent) => {
    event.preventDefault()
    deleteAccount(
      factorId ? { multiFactors: [{ multiFactorId: factorId, multiFactorCode: code }] } : undefined,
    )
  }

  return (
    <Panel
      title="Your data and account"
      description="Download what this server holds about you, or delete your account for good."
    >
      <div className="button-row">
        <button type="button" className="button button-secondary" onClick={download}>
          Download my data
        </button>
        {confirming ? null : (
          <button type="button" className="button button-danger" onClick={() => setConfirming(true)}>
            Delete account…
          </button>
        )}
      </div>
      <ErrorText error={downloadError} />
      {confirming ? (
        <form className="form delete-confirm" onSubmit={submit} aria-label="Delete account">
          <p>
            <strong>This cannot be undone.</strong> Your wallet's keys are erased from this server. Any funds
            still at your addresses become unreachable unless you saved your recovery phrase (Export above) or
            moved them first.
          </p>
          <label className="checkbox-row" htmlFor={understoodId}>
            <input
              id={understoodId}
              type="checkbox"
              checked={understood}
              onChange={(event) => setUnderstood(event.target.checked)}
            />
            I saved my recovery phrase or moved my funds
          </label>
          {factorId ? (
            <>
              <label className="field-label" htmlFor={codeId}>
                Code from your authenticator app
              </label>
              <input
                id={codeId}
                className="input input-code"
                inputMode="numeric"
                autoComplete="one-time-code"
                pattern="[0-9]{6}"
                maxLength={6}
                required
                value={code}
                onChange={(event) => setCode(event.target.value.replace(/\D/g, ''))}
              />
            </>
          ) : null}
          {error instanceof MfaRequiredError ? null : <ErrorText error={error} />}
          <div className="button-row">
            <button
              type="submit"
              className="button button-danger"
              disabled={!understood || isDeleting || (factorId !== undefined && code.length !== 6)}
            >
              {isDeleting ? 'Deleting…' : 'Delete my account'}
            </button>
            <button type="button" className="button button-secondary" onClick={() => setConfirming(false)}>
              Cancel
            </button>
          </div>
        </form>
      ) : null}
    </Panel>
  )
}
