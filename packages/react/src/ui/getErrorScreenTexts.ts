import { readSignInError } from '@sigil/core'
import { getPasskeyErrorText } from './getPasskeyErrorText.js'
import { texts } from './texts.js'

/** Which sign-in failed: the error screen's default texts follow it. */
export type ErrorScreenKind = 'passkey' | 'oauth' | 'otp' | 'wallet' | 'walletConnect'

/**
 * What an error screen says. `description` is the failure in plain words, shown under the heading where
 * the screen's own body is the fixed Account Kit text (a passkey prompt's "…canceled by the agent").
 */
export type ErrorScreenTexts = { heading: string; body: string; tryAgain: string; description?: string }

const errorName = (failure: unknown) => (failure instanceof Error ? failure.name : '')
/** Whether an error named `name` is in `failure`'s `cause` chain (a signer error wraps the browser's). */
const hasErrorNamed = (failure: unknown, name: string) => {
  for (let current: unknown = failure; current instanceof Error; current = current.cause)
    if (current.name === name) return true
  return false
}
const errorText = (failure: unknown) => {
  const lines: string[] = []
  let current: unknown = failure
  while (current instanceof Error) {
    lines.push(current.message)
    current = current.cause
  }
  return lines.join('\n')
}

/** The platform or the server refused: a WebAuthn SecurityError, or an HTTP 403 or 429. */
function isPermissionDenied(failure: unknown): boolean {
  if (hasErrorNamed(failure, 'SecurityError')) return true
  const { status } = readSignInError(failure)
  return status === 403 || status === 429
}

/** Something took too long: a TimeoutError, or the key frame that never answered. */
function isTimeout(failure: unknown): boolean {
  return errorName(failure) === 'TimeoutError' || /did not answer within/.test(errorText(failure))
}

/** The wallet lacks the app's chain: 'ChainId not found', or EIP-3326's 4902 (unrecognized chain). */
function isChainNotFound(failure: unknown): boolean {
  let current: unknown = failure
  while (current instanceof Error) {
    if ((current as { code?: unknown }).code === 4902) return true
    current = current.cause
  }
  return /ChainId not found|Unrecognized chain/i.test(errorText(failure))
}

/** WalletConnect has no (or broken) settings: no `projectId`, or its optional package is not installed. */
function isWalletConnectConfig(failure: unknown): boolean {
  return (
    /WalletConnect.*(config|setting|param|projectId)|(config|setting|param|projectId).*WalletConnect/is.test(
      errorText(failure),
    ) || ['WalletConnectParamsNotFoundError', 'WalletConnectNotInstalledError'].includes(errorName(failure))
  )
}

/**
 * The heading, body and try-again label of the error screen for a failed sign-in (docs/sign-in-ui.md), from the
 * real failure: 'Permission denied' (403/429, SecurityError), 'Connection timed out' (timeouts),
 * the network screen ('ChainId not found'), the WalletConnect settings screen, or the kind's own
 * screen (passkey 'Connection failed', "Couldn't connect to {provider}", OTP 'Connection failed',
 * "Couldn't connect to {wallet}"). A passkey failure adds what happened in plain words as `description`
 * (`getPasskeyErrorText`: closed or timed out, the wrong site), and a passkey already on this device or
 * a browser without passkeys, which Account Kit has no screen for, get screens of their own in plain words.
 *
 * @example
 * getErrorScreenTexts(error, { kind: 'oauth', name: 'Google' }).heading // "Couldn't connect to Google"
 */
export function getErrorScreenTexts(
  failure: unknown,
  { kind, name = '' }: { kind: ErrorScreenKind; name?: string | undefined },
): ErrorScreenTexts {
  const tryAgain = texts.error.tryAgain
  const passkeyText = kind === 'passkey' ? getPasskeyErrorText(failure) : undefined
  const description = passkeyText ? { description: passkeyText } : {}
  if (kind === 'passkey' && hasErrorNamed(failure, 'InvalidStateError'))
    return {
      heading: texts.passkeyError.alreadyAddedHeading,
      body: texts.passkeyError.alreadyAdded,
      tryAgain,
    }
  if (kind === 'passkey' && hasErrorNamed(failure, 'NotSupportedError'))
    return {
      heading: texts.passkeyError.notSupportedHeading,
      body: texts.passkeyError.notSupported,
      tryAgain,
    }
  if (isPermissionDenied(failure)) return { ...texts.error.permissionDenied, tryAgain, ...description }
  if (isTimeout(failure)) return { ...texts.error.timeout, tryAgain }
  if (kind === 'wallet' || kind === 'walletConnect') {
    if (isChainNotFound(failure)) return { ...texts.error.chainNotFound }
    if (kind === 'walletConnect' && isWalletConnectConfig(failure))
      return { ...texts.error.walletConnectConfig, tryAgain }
    const wallet = kind === 'walletConnect' ? texts.eoa.walletConnect : name
    return { heading: texts.error.wallet.heading(wallet), body: texts.error.wallet.body, tryAgain }
  }
  if (kind === 'oauth')
    return { heading: texts.error.oauth.heading(name), body: texts.error.oauth.body, tryAgain }
  if (kind === 'otp') return { ...texts.error.otp, tryAgain }
  return { ...texts.error.passkey, tryAgain, ...description }
}
