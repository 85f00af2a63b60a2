import type { Stamper } from '@sigil/protocol'

/** `Stamp` and `Stamper` are defined once in `@sigil/protocol` (`stamp/`), with the stamp envelope. */
export type { Stamp, Stamper } from '@sigil/protocol'

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
