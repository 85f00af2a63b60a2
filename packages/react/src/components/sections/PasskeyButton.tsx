import { Button } from '../../ui/Button.js'
import { texts } from '../../ui/texts.js'
import { usePasskeySignIn } from '../usePasskeySignIn.js'

/**
 * 'I have a passkey' (spec §2 initial's passkey button): signs in with a passkey.
 *
 * @example
 * <PasskeyButton />
 */
export function PasskeyButton() {
  const signInWithPasskey = usePasskeySignIn()
  return <Button onClick={() => void signInWithPasskey()}>{texts.login.passkey}</Button>
}
