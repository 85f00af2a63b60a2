/** The stamp of one request body: an HTTP header name and value (`X-Stamp`, `X-Stamp-Webauthn`). */
export type Stamp = { stampHeaderName: string; stampHeaderValue: string }

/** Anything that can stamp a request body. */
export type Stamper = {
  stamp(body: string): Promise<Stamp>
}

/**
 * A stamper holding a target key that credential bundles are sealed to: the browser key frame, or
 * a Node stand-in. `init()` returns the target public key (uncompressed P-256 hex);
 * `injectCredentialBundle` opens a bundle so that `stamp` signs with the session key inside.
 */
export type SessionStamper = Stamper & {
  init(): Promise<string>
  injectCredentialBundle(bundle: string): Promise<boolean>
  /** The target public key once `init()` resolved. */
  publicKey(): string | undefined
  /** Forgets the session key and the target key; the next `init()` starts over. */
  clear(): void | Promise<void>
}
