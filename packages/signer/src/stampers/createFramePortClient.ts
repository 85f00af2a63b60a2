import type { FrameRequest, FrameResponse } from '@sigil/protocol'
import { SignerError } from '../errors/SignerError.js'

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never

/** A request to the frame, without its `requestId` (the client adds one). */
export type FramePortRequest = DistributiveOmit<FrameRequest, 'requestId'>

export type FramePortClient = {
  /** The embedded public key of the first `PUBLIC_KEY_READY` on the port. */
  ready: Promise<string>
  /** Sends `{...message, requestId}` and resolves with the answer of the same `requestId`. */
  request(message: FramePortRequest): Promise<FrameResponse>
  close(): void
}

/**
 * The parent's side of the key frame's MessageChannel (`@turnkey/iframe-stamper` protocol): waits
 * for `PUBLIC_KEY_READY`, sends requests tagged with `crypto.randomUUID()` and matches answers by
 * `requestId`. An `ERROR` answer rejects with `Error(value)`. Runs on any `MessagePort`, so Node
 * tests drive it with a `MessageChannel`.
 *
 * @example
 * const client = createFramePortClient(channel.port1)
 * const publicKey = await client.ready
 * const { value } = await client.request({ type: 'STAMP_REQUEST', value: body })
 */
export function createFramePortClient(port: MessagePort): FramePortClient {
  const pending = new Map<string, { resolve(response: FrameResponse): void; reject(error: Error): void }>()
  let announce: (publicKey: string) => void = () => {}
  const ready = new Promise<string>((resolve) => {
    announce = resolve
  })
  port.onmessage = (event: MessageEvent) => {
    const message = event.data as FrameResponse | null
    if (!message || typeof message.type !== 'string') return
    if (message.type === 'PUBLIC_KEY_READY' && !message.requestId) return announce(message.value)
    const waiting = message.requestId ? pending.get(message.requestId) : undefined
    if (!waiting) return
    pending.delete(message.requestId!)
    if (message.type === 'ERROR') waiting.reject(new SignerError(message.value))
    else waiting.resolve(message)
  }
  port.start()
  return {
    ready,
    request(message) {
      const requestId = crypto.randomUUID()
      return new Promise<FrameResponse>((resolve, reject) => {
        pending.set(requestId, { resolve, reject })
        port.postMessage({ ...message, requestId })
      })
    },
    close() {
      port.close()
      for (const waiting of pending.values()) waiting.reject(new SignerError('The key frame was closed'))
      pending.clear()
    },
  }
}
