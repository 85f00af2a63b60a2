import { SignerError } from '../errors/SignerError.js'
import { createFramePortClient, type FramePortClient } from './createFramePortClient.js'

export type MountFrameParameters = {
  /** Default `globalThis.document`. */
  document?: Document | undefined
  /** The frame page, e.g. `https://signer.example.com/frame/auth`. */
  url: string
  elementId: string
  containerId: string
  /** `display: none` (the auth frame); otherwise full width, 240 px high, no border (the export frame). */
  hidden: boolean
  /** The iframe's accessible title. Default `'Sigil key frame'`. */
  title?: string | undefined
  /** How long the frame may take to announce its key after loading. Default 10000 ms. */
  readyTimeoutMs?: number | undefined
}

/**
 * `client` whose `ready` rejects when the frame stays silent: a frame the server refused to embed
 * (this page's origin is not one of the app's allowed origins) or that failed to start answers
 * nothing, and without this the caller would wait forever.
 */
function withReadyTimeout(client: FramePortClient, url: string, timeoutMs: number): FramePortClient {
  let timer: ReturnType<typeof setTimeout> | undefined
  const ready = Promise.race([
    client.ready,
    new Promise<never>((_resolve, reject) => {
      timer = setTimeout(
        () =>
          reject(
            new SignerError(
              `The frame ${url} did not answer within ${timeoutMs} ms. Check that the Sigil server is reachable and that this page's origin is an allowed origin of the app.`,
            ),
          ),
        timeoutMs,
      )
    }),
  ]).finally(() => clearTimeout(timer))
  ready.catch(() => undefined)
  return { ...client, ready }
}

/**
 * Puts a Sigil frame (`/frame/auth`, `/frame/export`) in a sandboxed iframe inside the element
 * `containerId` and, once it has loaded, opens its MessageChannel (`TURNKEY_INIT_MESSAGE_CHANNEL`).
 * Throws at once, before mounting anything, `Iframe element with ID … already exists` or
 * `Iframe container cannot be found`; the promise settles when the frame loads (or fails to), and
 * the client's `ready` rejects when the frame does not announce its key within `readyTimeoutMs`.
 *
 * @example
 * const client = await mountFrame({ url, elementId: 'turnkey-iframe', containerId: 'signer', hidden: true })
 * const publicKey = await client.ready
 */
export function mountFrame({
  document = globalThis.document,
  url,
  elementId,
  containerId,
  hidden,
  title = 'Sigil key frame',
  readyTimeoutMs = 10_000,
}: MountFrameParameters): Promise<FramePortClient> {
  if (document.getElementById(elementId))
    throw new SignerError(`Iframe element with ID ${elementId} already exists`)
  const container = document.getElementById(containerId)
  if (!container) throw new SignerError('Iframe container cannot be found')
  const element = document.createElement('iframe')
  element.id = elementId
  element.src = url
  element.title = title
  element.setAttribute('sandbox', 'allow-scripts allow-same-origin')
  element.setAttribute('allow', 'clipboard-write')
  if (hidden) element.style.display = 'none'
  else {
    element.style.width = '100%'
    element.style.height = '240px'
    element.style.border = 'none'
  }
  const opened = new Promise<FramePortClient>((resolve, reject) => {
    element.addEventListener('load', () => {
      const channel = new MessageChannel()
      const portClient = createFramePortClient(channel.port1)
      const target = element.contentWindow
      if (!target) return reject(new SignerError('The key frame has no window'))
      target.postMessage({ type: 'TURNKEY_INIT_MESSAGE_CHANNEL' }, new URL(url).origin, [channel.port2])
      resolve(withReadyTimeout(portClient, url, readyTimeoutMs))
    })
    element.addEventListener('error', () => reject(new SignerError('The key frame failed to load')))
  })
  container.appendChild(element)
  return opened
}
