import { texts } from './texts.js'

/** The browser's WebAuthn error names, and what each means for the user (docs/sign-in-ui.md). */
const passkeyErrorTexts: Record<string, string> = {
  // The user closed the prompt, or it timed out: browsers say both the same way, on purpose.
  NotAllowedError: texts.passkeyError.cancelled,
  AbortError: texts.passkeyError.cancelled,
  // `excludeCredentials` matched: this authenticator already holds a passkey for the account.
  InvalidStateError: texts.passkeyError.alreadyAdded,
  // The relying party id is not this page's site.
  SecurityError: texts.passkeyError.wrongSite,
  NotSupportedError: texts.passkeyError.notSupported,
  TimeoutError: texts.passkeyError.tookTooLong,
}

/**
 * A failed passkey prompt in plain words, or `undefined` when `failure` is not one: the first error
 * in its `cause` chain named like a WebAuthn failure (`NotAllowedError` and `AbortError`: closed or
 * timed out; `InvalidStateError`: already on this device; `SecurityError`: the wrong site;
 * `NotSupportedError`; `TimeoutError`). The browser's own message ("The operation either timed out or
 * was not allowed…") is never what a user reads.
 *
 * @example
 * getPasskeyErrorText(new DOMException('…', 'NotAllowedError'))
 * // 'The passkey window was closed or timed out before you confirmed. Try again when you are ready.'
 */
export function getPasskeyErrorText(failure: unknown): string | undefined {
  for (let current: unknown = failure; current instanceof Error; current = current.cause) {
    const text = passkeyErrorTexts[current.name]
    if (text) return text
  }
  return undefined
}
