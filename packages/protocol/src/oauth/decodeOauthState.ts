import { base64urlDecode } from '../encoding/base64urlDecode.js'
import type { OauthState } from './OauthState.js'

const targetPublicKeyPattern = /^(0x)?(04[0-9a-fA-F]{128}|0[23][0-9a-fA-F]{64})$/
const requestKeyPattern = /^[A-Za-z0-9_-]{43}$/

const isOptionalString = (value: unknown, maxLength: number) =>
  value === undefined || (typeof value === 'string' && value.length <= maxLength)

/** `expirationSeconds` as a number or a numeric string (the server has always coerced it). */
function toExpirationSeconds(value: unknown): number | undefined | null {
  if (value === undefined) return undefined
  const seconds = Number(value)
  return Number.isSafeInteger(seconds) && seconds > 0 ? seconds : null
}

/**
 * Decodes `state`: unpadded base64url of the UTF-8 JSON `encodeOauthState` makes. Returns undefined
 * for anything else (missing, over 8192 characters, not base64url, not UTF-8 JSON, a field missing or
 * of the wrong shape); unknown keys are dropped (docs/protocol.md#oauth-state-and-nonce).
 *
 * @example
 * decodeOauthState(new URL(callbackUrl).searchParams.get('state'))
 * // { authProviderId: 'google', requestKey: '…', turnkeyPublicKey: '04…', redirectUrl: 'https://app.example/return' }
 */
export function decodeOauthState(state: string | null | undefined): OauthState | undefined {
  if (!state || state.length > 8192 || !/^[A-Za-z0-9_-]+$/.test(state)) return undefined
  let json: unknown
  try {
    json = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(base64urlDecode(state)))
  } catch {
    return undefined
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return undefined
  const fields = json as Record<string, unknown>
  const {
    authProviderId,
    isCustomProvider,
    requestKey,
    turnkeyPublicKey,
    redirectUrl,
    openerOrigin,
    fetchIdTokenOnly,
  } = fields
  const expirationSeconds = toExpirationSeconds(fields.expirationSeconds)
  if (typeof authProviderId !== 'string' || authProviderId.length < 1 || authProviderId.length > 64)
    return undefined
  if (isCustomProvider !== undefined && typeof isCustomProvider !== 'boolean') return undefined
  if (fetchIdTokenOnly !== undefined && typeof fetchIdTokenOnly !== 'boolean') return undefined
  if (typeof requestKey !== 'string' || !requestKeyPattern.test(requestKey)) return undefined
  if (typeof turnkeyPublicKey !== 'string' || !targetPublicKeyPattern.test(turnkeyPublicKey)) return undefined
  if (expirationSeconds === null) return undefined
  if (!isOptionalString(redirectUrl, 2048) || !isOptionalString(openerOrigin, 512)) return undefined
  return {
    authProviderId,
    ...(isCustomProvider !== undefined ? { isCustomProvider } : {}),
    requestKey,
    turnkeyPublicKey,
    ...(expirationSeconds !== undefined ? { expirationSeconds } : {}),
    ...(redirectUrl !== undefined ? { redirectUrl: redirectUrl as string } : {}),
    ...(openerOrigin !== undefined ? { openerOrigin: openerOrigin as string } : {}),
    ...(fetchIdTokenOnly === true ? { fetchIdTokenOnly } : {}),
  }
}
