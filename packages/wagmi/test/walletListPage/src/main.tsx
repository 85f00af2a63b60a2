/**
 * A wagmi + React app with Sigil among its wallets (packages/wagmi/test/walletList.test.ts): the wallet list is
 * wagmi's connectors, `sigil()` and the EIP-6963 wallets wagmi discovers; Sigil's sign-in is the app's
 * `AuthModal`, opened by the connector's `openSignIn`; the send is a sponsored user operation.
 */
import { sigilDevnet } from '@sigil/core'
import { AuthModal, createConfig as createSigilConfig, SigilProvider, useAuthModal } from '@sigil/react'
import { sigil } from '@sigil/wagmi'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { useEffect } from 'react'
import { createRoot } from 'react-dom/client'
import { http } from 'viem'
import {
  createConfig,
  useConnect,
  useConnection,
  useConnectors,
  useSendTransaction,
  useWaitForTransactionReceipt,
  WagmiProvider,
} from 'wagmi'

/** What the test serves the page with (`window.__walletListPage`, set before the page's scripts). */
type PageSettings = { serverUrl: string; apiKey: string; policyId: string; nodeRpcUrl: string }
const settings = (window as unknown as { __walletListPage: PageSettings }).__walletListPage

const sigilConfig = createSigilConfig(
  {
    connection: { rpcUrl: settings.serverUrl, apiKey: settings.apiKey },
    chain: sigilDevnet,
    policyId: settings.policyId,
  },
  { auth: { sections: [[{ type: 'email' }]] } },
)
/** `openSignIn` is called outside React: it asks the component below to open Sigil's sign-in modal. */
const signInRequests = new EventTarget()
const wagmiConfig = createConfig({
  chains: [sigilDevnet],
  connectors: [
    sigil({ config: sigilConfig, openSignIn: () => void signInRequests.dispatchEvent(new Event('open')) }),
  ],
  transports: { [sigilDevnet.id]: http(settings.nodeRpcUrl) },
})
const queryClient = new QueryClient()

function OpenSignIn() {
  const { openAuthModal } = useAuthModal()
  useEffect(() => {
    signInRequests.addEventListener('open', openAuthModal)
    return () => signInRequests.removeEventListener('open', openAuthModal)
  }, [openAuthModal])
  return <AuthModal />
}

function Wallets() {
  const connectors = useConnectors()
  const { mutate: connect } = useConnect()
  return (
    <ul aria-label="Wallets">
      {connectors.map((connector) => (
        <li key={connector.uid}>
          <button type="button" onClick={() => connect({ connector })}>
            {connector.icon && <img src={connector.icon} alt="" width={24} height={24} />}
            {connector.name}
          </button>
        </li>
      ))}
    </ul>
  )
}

const dead = '0x000000000000000000000000000000000000dEaD'

function Account() {
  const { address, connector } = useConnection()
  const { mutate: sendTransaction, data: hash, error } = useSendTransaction()
  const receipt = useWaitForTransactionReceipt({ hash })
  return (
    <section aria-label="Account">
      <p>
        Connected with {connector?.name}: <code data-testid="address">{address}</code>
      </p>
      <button type="button" onClick={() => sendTransaction({ to: dead, data: '0x1234' })}>
        Send a sponsored transaction
      </button>
      {hash && <code data-testid="hash">{hash}</code>}
      {receipt.data && <p data-testid="receipt">{receipt.data.status}</p>}
      {error && <p role="alert">{error.message}</p>}
    </section>
  )
}

function App() {
  const { isConnected } = useConnection()
  return isConnected ? <Account /> : <Wallets />
}

createRoot(document.getElementById('root')!).render(
  <WagmiProvider config={wagmiConfig}>
    <QueryClientProvider client={queryClient}>
      <SigilProvider config={sigilConfig} queryClient={queryClient}>
        <OpenSignIn />
        <App />
      </SigilProvider>
    </QueryClientProvider>
  </WagmiProvider>,
)
