/** An app on the packages as installed from their tarballs: test/packages/installViteApp.test.ts. */
import { sigilDevnet } from '@sigil/core'
import { AuthCard, createConfig, SigilProvider, useSignMessage, useUser } from '@sigil/react'
import { QueryClient } from '@tanstack/react-query'
import { createRoot } from 'react-dom/client'

const config = createConfig(
  { connection: { rpcUrl: 'http://localhost:8787', apiKey: 'sigil_test' }, chain: sigilDevnet },
  { auth: { sections: [[{ type: 'email' }]] } },
)
const queryClient = new QueryClient()

function App() {
  const user = useUser()
  const { signMessageAsync } = useSignMessage({})
  if (!user) return <AuthCard />
  return (
    <button type="button" onClick={() => signMessageAsync({ message: 'hello' })}>
      Sign {user.address}
    </button>
  )
}

createRoot(document.getElementById('root')!).render(
  <SigilProvider config={config} queryClient={queryClient}>
    <App />
  </SigilProvider>,
)
