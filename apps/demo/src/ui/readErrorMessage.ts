import { readSignInError } from '@sigil/core'
import { getPasskeyErrorText } from '@sigil/react'

/**
 * The text to show for an error, in words a user can act on:
 * - a failed passkey prompt (the browser's `NotAllowedError`, `InvalidStateError`, …, anywhere in the
 *   cause chain): what happened in plain words (`getPasskeyErrorText`), never the browser's message;
 * - a JSON-RPC error (viem wraps the server's answer, and its `message` lists the whole request): the
 *   server's own message, e.g. a sponsorship policy's refusal;
 * - an HTTP error from the server (viem's `HttpRequestError`, whose `details` is the `error` field of the
 *   server's `{ error, code }` answer as JSON): that text;
 * - an error of the sign-in API (`SignerRequestError`, whose message is the `{ error, code }` body): a wrong
 *   authenticator code in words, anything else the server's `error` text as a sentence, never the JSON;
 * - a smart account whose address could not be worked out (`GetCounterFactualAddressError`, whose
 *   message is Account Kit's terse "getCounterFactualAddress failed"): what failed, then the cause;
 * otherwise the error's message.
 *
 * @example
 * readErrorMessage(error) // 'Policy pol_… is disabled'
 */
export function readErrorMessage(error: Error): string {
  const passkey = getPasskeyErrorText(error)
  if (passkey) return passkey
  const signIn = readSignInError(error)
  if (signIn.status !== undefined) {
    if (signIn.code === 'INVALID_MFA_CODE')
      return 'That code is not right. Check the authenticator app and enter the code it shows now.'
    return toSentence(signIn.message ?? 'The server refused the request.')
  }
  const reason = readServerReason(error)
  if (error.name === 'GetCounterFactualAddressError')
    return `Could not work out your smart account's address on this chain${reason ? `: ${reason}` : '.'}`
  return reason ?? error.message
}

function readServerReason(error: Error): string | undefined {
  for (let current: unknown = error; current instanceof Error; current = current.cause) {
    const { code, details, status } = current as { code?: unknown; details?: unknown; status?: unknown }
    if (typeof code === 'number' && typeof details === 'string' && details) return details
    if (typeof status === 'number' && typeof details === 'string' && details) return unquote(details)
  }
  return undefined
}

/** A server text ('invalid OTP code') as a sentence. */
function toSentence(text: string): string {
  const capitalized = `${text.charAt(0).toUpperCase()}${text.slice(1)}`
  return /[.!?]$/.test(capitalized) ? capitalized : `${capitalized}.`
}

/** viem writes a JSON string body's `error` as JSON (`"chain … not served"`); show it without quotes. */
function unquote(details: string): string {
  if (!details.startsWith('"')) return details
  try {
    const text: unknown = JSON.parse(details)
    return typeof text === 'string' ? text : details
  } catch {
    return details
  }
}
