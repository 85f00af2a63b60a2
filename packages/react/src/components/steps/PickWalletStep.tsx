import { Button } from '../../ui/Button.js'
import { texts } from '../../ui/texts.js'
import { useWalletSignIn } from '../useWalletSignIn.js'

/**
 * Step pick_eoa ('Select your wallet', docs/sign-in-ui.md): the browser wallets that announced themselves
 * (EIP-6963) and the WalletConnect entry (when the UI options configure it). With none, it says so and
 * links to the download pages of well-known browser wallets (a new tab). Choosing one connects it.
 *
 * @example
 * <PickWalletStep />
 */
/** Browser wallets suggested when none announced itself: their official download pages. */
const suggestedWallets = [
  { name: 'MetaMask', url: 'https://metamask.io/download/' },
  { name: 'Coinbase Wallet', url: 'https://www.coinbase.com/wallet/downloads' },
  { name: 'Rabby', url: 'https://rabby.io/' },
]

export function PickWalletStep() {
  const { connectors, connectWallet } = useWalletSignIn()
  return (
    <>
      <h2>{texts.eoa.pickTitle}</h2>
      {connectors.length === 0 ? (
        <>
          <p className="sigil-muted">{texts.eoa.noWallets}</p>
          <p className="sigil-muted">{texts.eoa.suggestWallets}</p>
          <ul className="sigil-wallet-suggestions" aria-label={texts.eoa.suggestionsLabel}>
            {suggestedWallets.map((wallet) => (
              <li key={wallet.name}>
                <a href={wallet.url} target="_blank" rel="noopener noreferrer">
                  {wallet.name}
                </a>
              </li>
            ))}
          </ul>
        </>
      ) : (
        <ul className="sigil-stack" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {connectors.map((connector) => (
            <li key={connector.id}>
              <Button
                onClick={() => void connectWallet(connector)}
                icon={connector.icon ? <img src={connector.icon} alt="" /> : undefined}
              >
                {connector.type === 'walletConnect' ? texts.eoa.walletConnect : connector.name}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </>
  )
}
