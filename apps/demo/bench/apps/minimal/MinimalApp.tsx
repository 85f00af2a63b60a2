import { AuthCard, useLogout, useSignMessage, useSmartAccountClient, useUser } from '@sigil/react'

/**
 * The minimal app of the size bench (apps/demo/bench/README.md), written as an app would write it with
 * the public `@sigil/*` entry points: the email + passkey sign-in card; once signed in, the user's smart
 * account (ModularAccountV2) and a button that signs a message as that account.
 */
export function MinimalApp() {
  const user = useUser()
  const { client, address, isLoadingClient } = useSmartAccountClient({ type: 'ModularAccountV2' })
  const { signMessage, signedMessage, isSigningMessage, error } = useSignMessage({ client })
  const { logout } = useLogout()

  if (!user) return <AuthCard />
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
