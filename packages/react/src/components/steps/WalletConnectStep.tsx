import { Button } from '../../ui/Button.js'
import { getErrorScreenTexts } from '../../ui/getErrorScreenTexts.js'
import { Spinner } from '../../ui/Spinner.js'
import { texts } from '../../ui/texts.js'
import type { AuthStep } from '../AuthStep.js'
import { ErrorScreen } from '../ErrorScreen.js'
import { SupportLink } from '../SupportLink.js'
import { useAuthStep } from '../useAuthStep.js'
import { useWalletSignIn } from '../useWalletSignIn.js'

/**
 * Step wallet_connect (docs/sign-in-ui.md): 'Connecting to WalletConnect' and 'Please follow the instructions
 * in the popup to connect.'; Cancel returns to the first step. A failure draws the WalletConnect
 * settings screen (missing or wrong settings), the network screen, or "Couldn't connect to WalletConnect".
 *
 * @example
 * <WalletConnectStep authStep={{ type: 'wallet_connect' }} />
 */
export function WalletConnectStep({ authStep }: { authStep: Extract<AuthStep, { type: 'wallet_connect' }> }) {
  const { dispatch } = useAuthStep()
  const { connectWallet } = useWalletSignIn()
  if (authStep.error) {
    const screen = getErrorScreenTexts(authStep.error, { kind: 'walletConnect' })
    return (
      <ErrorScreen
        heading={screen.heading}
        body={screen.body}
        tryAgainLabel={screen.tryAgain}
        onTryAgain={() => void connectWallet('walletConnect')}
        onUseAnotherMethod={() => dispatch({ type: 'USE_ANOTHER_METHOD' })}
      />
    )
  }
  return (
    <>
      <Spinner />
      <h2>{texts.eoa.connectingWalletConnect}</h2>
      <p className="sigil-muted">{texts.eoa.followPopup}</p>
      <Button variant="secondary" onClick={() => dispatch({ type: 'CANCEL' })}>
        {texts.eoa.cancel}
      </Button>
      <SupportLink />
    </>
  )
}
