import type { FrameRequest, FrameResponse } from '@sigil/protocol'

const requestTypes = new Set<string>([
  'INJECT_CREDENTIAL_BUNDLE',
  'INJECT_RECOVERY_BUNDLE',
  'STAMP_REQUEST',
  'GET_EMBEDDED_PUBLIC_KEY',
  'INIT_EMBEDDED_KEY',
  'RESET_EMBEDDED_KEY',
  'INJECT_KEY_EXPORT_BUNDLE',
  'INJECT_WALLET_EXPORT_BUNDLE',
  'APPLY_SETTINGS',
  'INJECT_IMPORT_BUNDLE',
  'EXTRACT_WALLET_ENCRYPTED_BUNDLE',
  'EXTRACT_KEY_ENCRYPTED_BUNDLE',
])

export type FrameMessengerParameters = {
  window: Window
  /** Origins allowed to talk to the frame; messages from any other origin are ignored. */
  allowedOrigins: string[]
  /**
   * The embedded public key announced with `PUBLIC_KEY_READY` (after a TTL override, if any) to the
   * parent page of `origin`.
   */
  announce(options: { ttlMs?: number; origin: string }): Promise<string>
  /**
   * Answers one request of the parent page of `origin`; throwing answers `ERROR` with the message.
   * `undefined` sends no answer.
   */
  handle(request: FrameRequest, origin: string): Promise<Omit<FrameResponse, 'requestId'> | undefined>
}

/**
 * The frame side of the iframe-stamper protocol: the MessageChannel handshake
 * (`TURNKEY_INIT_MESSAGE_CHANNEL` → `PUBLIC_KEY_READY` on the port, then `{type, requestId}`
 * requests on the port) and the legacy window form (messages on `window`, answers to
 * `window.parent`, `PUBLIC_KEY_READY` on load). Only allowed origins are heard, and each call names
 * the parent's origin as the browser reports it (the handshake's `event.origin` for the port), so
 * the frame keeps its keys apart per embedding page.
 *
 * @example
 * createFrameMessenger({ window, allowedOrigins, announce: async ({ origin }) => publicKeyHex, handle })
 */
export function createFrameMessenger(parameters: FrameMessengerParameters): { stop(): void } {
  const { window: frameWindow, allowedOrigins } = parameters
  let port: MessagePort | undefined

  const answer = async (request: FrameRequest, origin: string, reply: (message: FrameResponse) => void) => {
    const requestId = request.requestId
    try {
      const response = await parameters.handle(request, origin)
      if (response) reply({ ...response, ...(requestId ? { requestId } : {}) } as FrameResponse)
    } catch (error) {
      const value = error instanceof Error ? error.message : String(error)
      reply({ type: 'ERROR', value, ...(requestId ? { requestId } : {}) })
    }
  }

  const onWindowMessage = (event: MessageEvent) => {
    if (!allowedOrigins.includes(event.origin) || event.source !== frameWindow.parent) return
    const data = event.data as { type?: unknown; dangerouslyOverrideIframeKeyTtl?: unknown } | null
    if (!data || typeof data.type !== 'string') return
    if (data.type === 'TURNKEY_INIT_MESSAGE_CHANNEL') {
      const offered = event.ports[0]
      if (port || !offered) return
      port = offered
      // The port's requests speak for the page that handed it over.
      const origin = event.origin
      frameWindow.removeEventListener('message', onWindowMessage)
      port.onmessage = (portEvent: MessageEvent) => {
        const request = portEvent.data as FrameRequest | null
        if (request && typeof request.type === 'string' && requestTypes.has(request.type))
          void answer(request, origin, (message) => port?.postMessage(message))
      }
      port.start()
      const ttl = data.dangerouslyOverrideIframeKeyTtl
      void parameters
        .announce(typeof ttl === 'number' && ttl > 0 ? { ttlMs: ttl, origin } : { origin })
        .then((value) => port?.postMessage({ type: 'PUBLIC_KEY_READY', value }))
      return
    }
    if (!requestTypes.has(data.type)) return
    const origin = event.origin
    void answer(data as FrameRequest, origin, (message) => frameWindow.parent.postMessage(message, origin))
  }
  frameWindow.addEventListener('message', onWindowMessage)

  // Legacy parents (iframe-stamper 1.x) wait for PUBLIC_KEY_READY on load.
  const parentOrigin = frameWindow.location.ancestorOrigins?.[0]
  if (parentOrigin && allowedOrigins.includes(parentOrigin))
    void parameters.announce({ origin: parentOrigin }).then((value) => {
      if (!port) frameWindow.parent.postMessage({ type: 'PUBLIC_KEY_READY', value }, parentOrigin)
    })

  return {
    stop() {
      frameWindow.removeEventListener('message', onWindowMessage)
      port?.close()
    },
  }
}
