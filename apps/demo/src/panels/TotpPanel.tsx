import { useMFA } from '@sigil/react'
import type { MultiFactor } from '@sigil/signer'
import { useEffect, useId, useState } from 'react'
import { ErrorText } from '../ui/ErrorText'
import { Panel } from '../ui/Panel'
import { describeFactor } from './describeFactor'
import { RecoveryCodes } from './RecoveryCodes'
import { type TotpEnrolment, TotpSetup } from './TotpSetup'

/**
 * Two-factor codes (`useMFA`): lists the user's TOTP factors by name and date ("Authenticator app ·
 * added 7 Dec 2026", `describeFactor`), adds one (`TotpSetup`: a QR code and
 * the key to type, then a first code to confirm it) and removes one.
 * With a factor, the next sign-in asks for a code after the email step, and removing or replacing
 * it needs the app's current code (the server refuses a session alone).
 *
 * @example
 * <TotpPanel />
 */
export function TotpPanel() {
  const { addMFA, removeMFA, getMFAFactors, isReady } = useMFA()
  const [factors, setFactors] = useState<MultiFactor[]>()
  const [enrolment, setEnrolment] = useState<TotpEnrolment>()
  const [currentCode, setCurrentCode] = useState('')
  const [recoveryCodes, setRecoveryCodes] = useState<string[]>()
  const currentCodeId = useId()
  const current = factors?.[0]
  /** The current code of the verified factor, which the server wants before a change. */
  const proof = current ? [{ multiFactorId: current.multiFactorId, multiFactorCode: currentCode }] : undefined
  const needsCode = current !== undefined && currentCode.length !== 6
  const { mutateAsync: listFactors } = getMFAFactors

  useEffect(() => {
    if (!isReady) return
    listFactors()
      .then(({ multiFactors }) => setFactors(multiFactors))
      .catch(() => undefined)
  }, [isReady, listFactors])

  const add = async () => {
    const added = await addMFA.mutateAsync({ multiFactorType: 'totp', multiFactors: proof })
    if (added.multiFactorType !== 'totp') return
    setCurrentCode('')
    setEnrolment({ multiFactorId: added.multiFactorId, multiFactorTotpUrl: added.multiFactorTotpUrl })
  }
  const remove = async (multiFactorId: string) => {
    const { multiFactors } = await removeMFA.mutateAsync({
      multiFactorIds: [multiFactorId],
      multiFactors: proof,
    })
    setCurrentCode('')
    setFactors(multiFactors)
  }

  return (
    <Panel
      title="Two-factor codes"
      description="An authenticator app's 6-digit code, asked after the email step."
    >
      {factors === undefined ? (
        <p className="muted">{getMFAFactors.isError ? 'Could not load your factors.' : 'Loading…'}</p>
      ) : factors.length === 0 ? (
        <p className="muted">No authenticator app yet.</p>
      ) : (
        <ul className="item-list" aria-label="Your authenticator apps">
          {factors.map((factor) => (
            <li key={factor.multiFactorId} className="item">
              <span>{describeFactor(factor)}</span>
              <button
                type="button"
                className="button button-small button-danger"
                onClick={() => void remove(factor.multiFactorId).catch(() => undefined)}
                disabled={removeMFA.isPending || needsCode}
                aria-label={`Remove ${factor.multiFactorType.toUpperCase()} factor (${describeFactor(factor).toLowerCase()})`}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      {current && !enrolment ? (
        <>
          <label className="field-label" htmlFor={currentCodeId}>
            Current code (to remove or replace it)
          </label>
          <input
            id={currentCodeId}
            className="input input-code"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]{6}"
            maxLength={6}
            value={currentCode}
            onChange={(event) => setCurrentCode(event.target.value.replace(/\D/g, ''))}
          />
        </>
      ) : null}
      {enrolment ? (
        <TotpSetup
          enrolment={enrolment}
          onVerified={(multiFactors, codes) => {
            setFactors(multiFactors)
            setRecoveryCodes(codes)
            setEnrolment(undefined)
          }}
          onCancel={() => setEnrolment(undefined)}
        />
      ) : (
        <button
          type="button"
          className="button"
          onClick={() => void add().catch(() => undefined)}
          disabled={!isReady || addMFA.isPending || needsCode}
        >
          {addMFA.isPending ? 'Adding…' : current ? 'Replace authenticator app' : 'Add authenticator app'}
        </button>
      )}
      <ErrorText error={addMFA.error ?? removeMFA.error} />
      {current || recoveryCodes ? (
        <RecoveryCodes
          fresh={recoveryCodes}
          onSaved={() => setRecoveryCodes(undefined)}
          proof={proof}
          onMade={() => setCurrentCode('')}
        />
      ) : null}
    </Panel>
  )
}
