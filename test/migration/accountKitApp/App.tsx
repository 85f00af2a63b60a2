import {
  AuthCard,
  useLogout,
  useSignerStatus,
  useSignMessage,
  useSmartAccountClient,
  useUser,
} from '@account-kit/react'

/** Signs in with the card, then signs a message as the user's smart account. */
export function App() {
  const { isConnected, isInitializing } = useSignerStatus()
  const user = useUser()
  const { client, address } = useSmartAccountClient({ type: 'LightAccount' })
  const { signMessage, signedMessage, isSigningMessage, error } = useSignMessage({ client })
  const { logout } = useLogout()

  if (isInitializing) return <p>Loading…</p>
  if (!isConnected) return <AuthCard />
  return (
    <main>
      <h1>Signed in as {user?.email}</h1>
      <p>
        Smart account: <code data-testid="account">{address ?? 'loading'}</code>
      </p>
      <button
        type="button"
        disabled={!client || isSigningMessage}
        onClick={() => signMessage({ message: 'hello from an Account Kit app' })}
      >
        Sign message
      </button>
      {signedMessage && (
        <p>
          Signature: <code data-testid="signature">{signedMessage}</code>
        </p>
      )}
      {error && <p role="alert">{error.message}</p>}
      <button type="button" onClick={() => logout()}>
        Log out
      </button>
    </main>
  )
}
