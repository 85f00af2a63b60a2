import { Button } from '../../ui/Button.js'
import { texts } from '../../ui/texts.js'
import { useWalletSignIn } from '../useWalletSignIn.js'

/**
 * Step pick_eoa ('Select your wallet', docs/sign-in-ui.md): the browser wallets that announced themselves
 * (EIP-6963) and the WalletConnect entry (when the UI options configure it); 'No wallets available'
 * when there are none. Choosing one connects it.
 *
 * @example
 * <PickWalletStep />
 */
export function PickWalletStep() {
  const { connectors, connectWallet } = useWalletSignIn()
  return (
    <>
      <h2>{texts.eoa.pickTitle}</h2>
      {connectors.length === 0 ? (
        <p className="sigil-muted">{texts.eoa.noWallets}</p>
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
