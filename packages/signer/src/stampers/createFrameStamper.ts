import { SignerError } from '../errors/SignerError.js'
import type { FramePortClient } from './createFramePortClient.js'
import { mountFrame } from './mountFrame.js'
import type { SessionStamper } from './Stamper.js'

export type CreateFrameStamperParameters = {
  /**
   * The auth frame page, e.g. `https://signer.example.com/frame/auth?app=<app id>`, or a function
   * resolving it when the frame is mounted (`createSigner` adds the app from `/v1/signer-config`).
   */
  iframeUrl: string | (() => Promise<string>)
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
  let mounted: Document | undefined
  let client: Promise<FramePortClient> | undefined
  let publicKey: string | undefined

  const mount = async (): Promise<FramePortClient> => {
    const document = parameters.document ?? globalThis.document
    const url = typeof parameters.iframeUrl === 'string' ? parameters.iframeUrl : await parameters.iframeUrl()
    const opened = mountFrame({
      document,
      url,
      elementId: parameters.iframeElementId,
      containerId: parameters.iframeContainerId,
      hidden: true,
    })
    mounted = document
    return opened
  }
  const connect = () => {
    client ??= mount()
    return client
  }
  const ask = async (message: Parameters<FramePortClient['request']>[0]) => (await connect()).request(message)

  const stamper: SessionStamper = {
    async init() {
      try {
        const portClient = await connect()
        publicKey = await portClient.ready
        return publicKey
      } catch (error) {
        // A silent or broken frame is taken out again (no reset: it would not answer), so the next
        // sign-in mounts a fresh one.
        const current = client
        client = undefined
        void current?.then((portClient) => portClient.close()).catch(() => undefined)
        mounted?.getElementById(parameters.iframeElementId)?.remove()
        mounted = undefined
        throw error
      }
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
      // Only an iframe this stamper mounted (mountFrame threw if the id was taken).
      mounted?.getElementById(parameters.iframeElementId)?.remove()
      mounted = undefined
    },
  }
  return stamper
}
