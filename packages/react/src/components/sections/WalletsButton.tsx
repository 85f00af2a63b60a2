import { Button } from '../../ui/Button.js'
import { texts } from '../../ui/texts.js'
import { useAuthStep } from '../useAuthStep.js'

/**
 * 'Continue with a wallet': opens the wallet list (step pick_eoa).
 *
 * @example
 * <WalletsButton />
 */
export function WalletsButton() {
  const { dispatch } = useAuthStep()
  return <Button onClick={() => dispatch({ type: 'PICK_WALLET' })}>{texts.login.wallet}</Button>
}
