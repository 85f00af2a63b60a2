import { Button } from '../../ui/Button.js'
import { getErrorScreenTexts } from '../../ui/getErrorScreenTexts.js'
import { Spinner } from '../../ui/Spinner.js'
import { texts } from '../../ui/texts.js'
import type { AuthStep } from '../AuthStep.js'
import { ErrorScreen } from '../ErrorScreen.js'
import { useAuthStep } from '../useAuthStep.js'
import { useWalletSignIn } from '../useWalletSignIn.js'

/**
 * Step eoa_connect (docs/sign-in-ui.md): 'Connecting to {wallet}' and 'Please follow the instructions in your
 * wallet to connect.'; Cancel returns to the first step. A failure draws "Couldn't connect to
 * {wallet}" (or the network screen for 'ChainId not found'); 'Use another method' returns to the list.
 *
 * @example
 * <WalletConnectingStep authStep={{ type: 'eoa_connect', wallet: { id: 'io.metamask', name: 'MetaMask' } }} />
 */
export function WalletConnectingStep({ authStep }: { authStep: Extract<AuthStep, { type: 'eoa_connect' }> }) {
  const { dispatch } = useAuthStep()
  const { connectors, connectWallet } = useWalletSignIn()
  const { wallet } = authStep
  if (authStep.error) {
    const screen = getErrorScreenTexts(authStep.error, { kind: 'wallet', name: wallet.name })
    const connector = connectors.find((candidate) => candidate.id === wallet.id)
    return (
      <ErrorScreen
        heading={screen.heading}
        body={screen.body}
        tryAgainLabel={screen.tryAgain}
        onTryAgain={() => (connector ? void connectWallet(connector) : dispatch({ type: 'PICK_WALLET' }))}
        onUseAnotherMethod={() => dispatch({ type: 'USE_ANOTHER_METHOD' })}
      />
    )
  }
  return (
    <>
      {wallet.icon ? (
        <img src={wallet.icon} alt="" width={40} height={40} style={{ margin: '0 auto' }} />
      ) : null}
      <Spinner />
      <h2>{texts.eoa.connectingTo(wallet.name)}</h2>
      <p className="sigil-muted">{texts.eoa.followWallet}</p>
      <Button variant="secondary" onClick={() => dispatch({ type: 'CANCEL' })}>
        {texts.eoa.cancel}
      </Button>
    </>
  )
}
