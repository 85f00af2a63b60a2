import { SignerError } from '../errors/SignerError.js'
import { createFramePortClient, type FramePortClient } from './createFramePortClient.js'
import type { SessionStamper } from './Stamper.js'

export type CreateFrameStamperParameters = {
  /** The auth frame page, e.g. `https://signer.example.com/frame/auth`. */
  iframeUrl: string
  iframeElementId: string
  iframeContainerId: string
  /** Default `globalThis.document`. */
  document?: Document | undefined
}

/**
 * The browser's key holder: Sigil's auth frame (`/frame/auth`) in a sandboxed iframe. `init()`
 * creates the iframe (throwing `Iframe element with ID … already exists` or `Iframe container cannot
 * be found`), opens the MessageChannel (`TURNKEY_INIT_MESSAGE_CHANNEL`) and resolves with the
 * embedded public key. The session key never leaves the frame; `stamp` asks the frame to sign.
 *
 * @example
 * const stamper = createFrameStamper({ iframeUrl, iframeElementId: 'turnkey-iframe', iframeContainerId: 'signer' })
 * const targetPublicKey = await stamper.init()
 */
export function createFrameStamper(parameters: CreateFrameStamperParameters): SessionStamper {
  let iframe: HTMLIFrameElement | undefined
  let client: Promise<FramePortClient> | undefined
  let publicKey: string | undefined

  const mount = (): Promise<FramePortClient> => {
    const document = parameters.document ?? globalThis.document
    if (document.getElementById(parameters.iframeElementId))
      throw new SignerError(`Iframe element with ID ${parameters.iframeElementId} already exists`)
    const container = document.getElementById(parameters.iframeContainerId)
    if (!container) throw new SignerError('Iframe container cannot be found')
    const element = document.createElement('iframe')
    element.id = parameters.iframeElementId
    element.src = parameters.iframeUrl
    element.title = 'Sigil key frame'
    element.setAttribute('sandbox', 'allow-scripts allow-same-origin')
    element.setAttribute('allow', 'clipboard-write')
    element.style.display = 'none'
    iframe = element
    const opened = new Promise<FramePortClient>((resolve, reject) => {
      element.addEventListener('load', () => {
        const channel = new MessageChannel()
        const portClient = createFramePortClient(channel.port1)
        const target = element.contentWindow
        if (!target) return reject(new SignerError('The key frame has no window'))
        target.postMessage({ type: 'TURNKEY_INIT_MESSAGE_CHANNEL' }, new URL(parameters.iframeUrl).origin, [
          channel.port2,
        ])
        resolve(portClient)
      })
      element.addEventListener('error', () => reject(new SignerError('The key frame failed to load')))
    })
    container.appendChild(element)
    return opened
  }
  const connect = () => {
    client ??= mount()
    return client
  }
  const ask = async (message: Parameters<FramePortClient['request']>[0]) => (await connect()).request(message)

  return {
    async init() {
      const portClient = await connect()
      publicKey = await portClient.ready
      return publicKey
    },
    publicKey: () => publicKey,
    async injectCredentialBundle(bundle) {
      const answer = await ask({ type: 'INJECT_CREDENTIAL_BUNDLE', value: bundle })
      return answer.type === 'BUNDLE_INJECTED' && answer.value === true
    },
    async stamp(body) {
      const answer = await ask({ type: 'STAMP_REQUEST', value: body })
      if (answer.type !== 'STAMP') throw new SignerError(`Unexpected key frame answer ${answer.type}`)
      return { stampHeaderName: 'X-Stamp', stampHeaderValue: answer.value }
    },
    async clear() {
      const current = client
      client = undefined
      publicKey = undefined
      if (current) {
        const portClient = await current.catch(() => undefined)
        // A new embedded key for the next sign-in; the old session key is forgotten with it.
        await portClient?.request({ type: 'RESET_EMBEDDED_KEY' }).catch(() => undefined)
        portClient?.close()
      }
      iframe?.remove()
      iframe = undefined
    },
  }
}
