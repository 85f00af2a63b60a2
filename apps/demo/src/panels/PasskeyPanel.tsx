import { useAddPasskey, useSigner } from '@sigil/react'
import { getPasskeyStatus } from '@sigil/signer'
import { useQuery } from '@tanstack/react-query'
import { ErrorText } from '../ui/ErrorText'
import { Panel } from '../ui/Panel'

/**
 * Passkeys: whether the user has one (`getPasskeyStatus` of the signer) and 'Add a passkey'
 * (`useAddPasskey`), which asks the browser for a new one; the user can then sign in with it.
 *
 * @example
 * <PasskeyPanel userId={user.userId} />
 */
export function PasskeyPanel({ userId }: { userId: string }) {
  const signer = useSigner()
  const status = useQuery({
    queryKey: ['passkeyStatus', userId],
    queryFn: () => getPasskeyStatus(signer!),
    enabled: signer !== null,
  })
  const { addPasskey, isAddingPasskey, error } = useAddPasskey({ onSuccess: () => void status.refetch() })
  return (
    <Panel
      title="Passkeys"
      description="Sign in with Touch ID, Windows Hello or a security key, no email needed."
    >
      <p className="muted" role="status">
        {status.isPending
          ? 'Checking…'
          : status.isError
            ? 'Could not read your passkeys.'
            : status.data.isPasskeyAdded
              ? '✓ A passkey is set up for this account.'
              : 'No passkey yet.'}
      </p>
      <button type="button" className="button" onClick={() => addPasskey()} disabled={isAddingPasskey}>
        {isAddingPasskey ? 'Waiting for the browser…' : 'Add a passkey'}
      </button>
      <ErrorText error={error} />
    </Panel>
  )
}
