import {
  AuthCard,
  useLogout,
  useSignerStatus,
  useSignMessage,
  useSmartAccountClient,
  useUser,
} from '@account-kit/react'

/**
 * The minimal app of the size bench written the Account Kit 4.x way (apps/demo/bench/README.md): the
 * email + passkey sign-in card; once signed in, the user's smart account (ModularAccountV2) and a
 * button that signs a message as that account. The same screens as `../minimal/MinimalApp.tsx`.
 */
export function AccountKitApp() {
  const { isConnected } = useSignerStatus()
  const user = useUser()
  const { client, address, isLoadingClient } = useSmartAccountClient({ type: 'ModularAccountV2' })
  const { signMessage, signedMessage, isSigningMessage, error } = useSignMessage({ client })
  const { logout } = useLogout()

  if (!isConnected || !user) return <AuthCard />
  return (
    <main>
      <p>Signed in as {user.email ?? user.userId}</p>
      <p>Smart account: {isLoadingClient ? 'loading…' : address}</p>
      <button
        type="button"
        disabled={!client || isSigningMessage}
        onClick={() => signMessage({ message: 'Hello from the minimal app' })}
      >
        Sign a message
      </button>
      {signedMessage && <p>Signature: {signedMessage}</p>}
      {error && <p role="alert">{error.message}</p>}
      <button type="button" onClick={() => logout()}>
        Sign out
      </button>
    </main>
  )
}
