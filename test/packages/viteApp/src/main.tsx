/** An app on the packages as installed from their tarballs: test/packages/installViteApp.test.ts. */
import { sigilDevnet } from '@sigil/core'
import { AuthCard, createConfig, SigilProvider, useSignMessage, useUser } from '@sigil/react'
import { QueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { createRoot } from 'react-dom/client'

/** The Sigil server and the app's API key, from `.env` or the build's environment (README "Install"). */
const config = createConfig(
  {
    connection: {
      rpcUrl: import.meta.env.VITE_SIGIL_URL ?? 'http://localhost:8787',
      apiKey: import.meta.env.VITE_SIGIL_API_KEY ?? '',
    },
    chain: sigilDevnet,
  },
  { auth: { sections: [[{ type: 'email' }]] } },
)
const queryClient = new QueryClient()

function App() {
  const user = useUser()
  const { signMessageAsync } = useSignMessage({})
  const [signature, setSignature] = useState<string>()
  if (!user) return <AuthCard />
  return (
    <main>
      <p>
        Signed in as <code data-testid="address">{user.address}</code>
      </p>
      <button
        type="button"
        onClick={async () => setSignature(await signMessageAsync({ message: 'hello from Vite' }))}
      >
        Sign “hello from Vite”
      </button>
      {signature && <code data-testid="signature">{signature}</code>}
    </main>
  )
}

createRoot(document.getElementById('root')!).render(
  <SigilProvider config={config} queryClient={queryClient}>
    <App />
  </SigilProvider>,
)
