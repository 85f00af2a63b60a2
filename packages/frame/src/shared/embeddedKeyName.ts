/** The two kinds of embedded key: the auth frame's (credential bundles) and the export frame's (one export). */
export type EmbeddedKeyKind = 'auth' | 'export'

/** Who a frame's key belongs to: the app the frame page was served for, and the exact origin of the page embedding it. */
export type EmbeddedKeyOwner = {
  /** The app id of the frame URL (`?app=<app id>`); the server only serves it to that app's origins. */
  app: string
  /** The parent page's origin as the browser reports it (`event.origin`, `location.ancestorOrigins`). */
  origin: string
}

/**
 * The name an embedded key is stored under: its kind, its app and its embedding origin. Browsers
 * share one storage partition between every page of a top-level site (app-a.example.com and
 * app-b.example.com, or two localhost ports), so a name without the origin would let one page reset,
 * replace or open with another page's key. The origin is the part no page can forge; the app keeps
 * two apps that allow the same origin apart (docs/security.md#key-frames-and-a-compromised-page).
 *
 * @example
 * embeddedKeyName('auth', { app: 'app_123', origin: 'https://app.example.com' })
 * // '["auth","app_123","https://app.example.com"]'
 */
export function embeddedKeyName(kind: EmbeddedKeyKind, owner: EmbeddedKeyOwner): string {
  return JSON.stringify([kind, owner.app, owner.origin])
}
