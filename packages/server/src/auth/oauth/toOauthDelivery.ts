import type { OauthState } from '@sigil/protocol'
import type { App } from '../../apps/App.js'

/** Where the callback may send the result: back to the app's page, or to the opener of the popup. */
export type OauthDelivery = { mode: 'redirect'; redirectUrl: URL } | { mode: 'popup'; openerOrigin: string }

function parseUrl(value: string): URL | undefined {
  try {
    const url = new URL(value)
    return url.protocol === 'https:' || url.protocol === 'http:' ? url : undefined
  } catch {
    return undefined
  }
}

/**
 * Checks the delivery target of `state` against the app: a `redirectUrl` (redirect mode) or an
 * `openerOrigin` (popup mode) whose origin is one of the app's allowed origins. Undefined when there
 * is none or it is foreign: no redirect and no message may then be sent (no open redirect).
 *
 * @example
 * toOauthDelivery(app, { …state, redirectUrl: 'http://localhost:5173/auth/return' })
 * // { mode: 'redirect', redirectUrl: URL }
 */
export function toOauthDelivery(app: App, state: OauthState): OauthDelivery | undefined {
  if (state.redirectUrl !== undefined) {
    const url = parseUrl(state.redirectUrl)
    return url && app.allowedOrigins.includes(url.origin) ? { mode: 'redirect', redirectUrl: url } : undefined
  }
  if (state.openerOrigin !== undefined) {
    const url = parseUrl(state.openerOrigin)
    // The exact origin string is the postMessage target; it must be an origin, not a URL with a path.
    return url && url.origin === state.openerOrigin && app.allowedOrigins.includes(url.origin)
      ? { mode: 'popup', openerOrigin: url.origin }
      : undefined
  }
  return undefined
}
