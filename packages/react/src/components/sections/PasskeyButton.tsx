import { Button } from '../../ui/Button.js'
import { texts } from '../../ui/texts.js'
import { usePasskeySignIn } from '../usePasskeySignIn.js'

/**
 * 'I have a passkey' (step initial's passkey button, docs/sign-in-ui.md): signs in with a passkey.
 *
 * @example
 * <PasskeyButton />
 */
export function PasskeyButton() {
  const signInWithPasskey = usePasskeySignIn()
  return <Button onClick={() => void signInWithPasskey()}>{texts.login.passkey}</Button>
}
