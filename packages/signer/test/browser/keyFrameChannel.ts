import type { Page } from 'playwright-core'

/** A frame message as the page sees it. */
export type KeyFrameMessage = { type: string; value?: unknown; requestId?: string }

type ChannelWindow = Window & { keyFrameChannels?: Record<string, MessagePort> }

/**
 * What any page can do with a Sigil key frame, without the SDK: mounts `src` in an iframe `id`,
 * opens the iframe-stamper MessageChannel (`TURNKEY_INIT_MESSAGE_CHANNEL`) and answers the key the
 * frame announces (`PUBLIC_KEY_READY`). Requests then go through `keyFrameRequest(page, id, …)`.
 *
 * @example
 * const publicKey = await connectKeyFrame(page, 'b-auth', `${serverUrl}/frame/auth?app=${appId}`)
 */
export function connectKeyFrame(page: Page, id: string, src: string): Promise<string> {
  return page.evaluate(
    ({ id, src }) =>
      new Promise<string>((resolve, reject) => {
        const iframe = document.createElement('iframe')
        iframe.id = id
        iframe.src = src
        iframe.setAttribute('sandbox', 'allow-scripts allow-same-origin')
        iframe.style.cssText = 'width: 420px; height: 120px; border: 2px dashed #888'
        iframe.addEventListener('load', () => {
          const channel = new MessageChannel()
          const testWindow = window as ChannelWindow
          testWindow.keyFrameChannels ??= {}
          testWindow.keyFrameChannels[id] = channel.port1
          const timer = setTimeout(() => reject(new Error(`no PUBLIC_KEY_READY from ${src}`)), 10_000)
          channel.port1.onmessage = (event) => {
            if (event.data?.type !== 'PUBLIC_KEY_READY') return
            clearTimeout(timer)
            resolve(event.data.value)
          }
          iframe.contentWindow!.postMessage({ type: 'TURNKEY_INIT_MESSAGE_CHANNEL' }, new URL(src).origin, [
            channel.port2,
          ])
        })
        document.body.appendChild(iframe)
      }),
    { id, src },
  )
}

/**
 * Sends `message` (a `requestId` is added) to the key frame `id` that `connectKeyFrame` opened on
 * `page`, and answers the frame's reply to it.
 *
 * @example
 * await keyFrameRequest(page, 'b-auth', { type: 'RESET_EMBEDDED_KEY' }) // { type: 'EMBEDDED_KEY_RESET', value: null, … }
 */
export function keyFrameRequest(
  page: Page,
  id: string,
  message: Record<string, unknown> & { type: string },
): Promise<KeyFrameMessage> {
  return page.evaluate(
    ({ id, message }) =>
      new Promise<KeyFrameMessage>((resolve, reject) => {
        const port = (window as ChannelWindow).keyFrameChannels?.[id]
        if (!port) return reject(new Error(`no key frame channel ${id}`))
        const requestId = crypto.randomUUID()
        const timer = setTimeout(() => reject(new Error(`no answer to ${message.type}`)), 10_000)
        port.addEventListener('message', (event) => {
          if (event.data?.requestId !== requestId) return
          clearTimeout(timer)
          resolve(event.data)
        })
        port.start()
        port.postMessage({ ...message, requestId })
      }),
    { id, message },
  )
}
