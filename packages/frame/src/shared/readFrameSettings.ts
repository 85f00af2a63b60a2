/** What the server writes into a frame page: who may talk to it, and the key that signs export and import bundles. */
export type FrameSettings = {
  /** Origins whose messages the frame answers (the apps' allowed origins). */
  allowedOrigins: string[]
  /** Uncompressed hex of the server's export signer key (export and import pages pin it). */
  exportSignerPublicKey: string
}

/**
 * Reads the settings the server put in `<meta name="sigil-frame-settings" content="{…}">`.
 *
 * @example
 * const { allowedOrigins } = readFrameSettings(document)
 */
export function readFrameSettings(document: Document): FrameSettings {
  const content = document.querySelector('meta[name="sigil-frame-settings"]')?.getAttribute('content')
  try {
    const parsed = JSON.parse(content ?? '{}') as Partial<FrameSettings>
    return {
      allowedOrigins: Array.isArray(parsed.allowedOrigins) ? parsed.allowedOrigins.map(String) : [],
      exportSignerPublicKey:
        typeof parsed.exportSignerPublicKey === 'string' ? parsed.exportSignerPublicKey : '',
    }
  } catch {
    return { allowedOrigins: [], exportSignerPublicKey: '' }
  }
}
