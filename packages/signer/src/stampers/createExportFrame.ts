import { SignerError } from '../errors/SignerError.js'
import type { FramePortClient, FramePortRequest } from './createFramePortClient.js'
import { mountFrame } from './mountFrame.js'

/** The frame that shows an exported secret: the parent only hands it sealed bundles. */
export type ExportFrame = {
  /** Mounts the frame and resolves with its one-use target public key (uncompressed P-256 hex). */
  init(): Promise<string>
  /** Opens a wallet export bundle in the frame and shows the mnemonic there. */
  injectWalletBundle(bundle: string, organizationId: string): Promise<boolean>
  /** Opens a wallet-account export bundle in the frame and shows the key in `keyFormat` there. */
  injectKeyBundle(
    bundle: string,
    organizationId: string,
    keyFormat: 'HEXADECIMAL' | 'SOLANA',
  ): Promise<boolean>
  /** Closes the channel and takes the iframe out of the page. */
  remove(): void
}

export type CreateExportFrameParameters = {
  /**
   * The export frame page, e.g. `https://signer.example.com/frame/export?app=<app id>`, or a
   * function resolving it when the frame is mounted (`exportWallet` adds the signer's app).
   */
  url: string | (() => Promise<string>)
  /** E.g. `'turnkey-export-iframe'`. */
  elementId: string
  /** The element the (visible) frame is put in. */
  containerId: string
  /** Default `globalThis.document`. */
  document?: Document | undefined
}

/**
 * Sigil's export frame (`/frame/export`) in a visible iframe: `init()` mounts it in `containerId`
 * (full width, no border) and answers the key the export bundle must be sealed to; the inject
 * methods send `INJECT_WALLET_EXPORT_BUNDLE` / `INJECT_KEY_EXPORT_BUNDLE`, and the frame decrypts
 * and shows the secret inside itself, so it never reaches the page. A frame `ERROR`
 * rejects with its text (`SignerError`).
 *
 * @example
 * const frame = createExportFrame({ url: signer.config.iframeConfig.exportIframeUrl, elementId: 'turnkey-export-iframe', containerId: 'export' })
 * const targetPublicKey = await frame.init()
 * await frame.injectWalletBundle(exportBundle, user.orgId)
 */
export function createExportFrame(parameters: CreateExportFrameParameters): ExportFrame {
  let element: HTMLElement | undefined
  let client: Promise<FramePortClient> | undefined

  const connect = () => {
    if (!client) {
      const document = parameters.document ?? globalThis.document
      const { url } = parameters
      const opening: Promise<FramePortClient> = (typeof url === 'string' ? Promise.resolve(url) : url()).then(
        (resolved) => {
          // Removed while the URL was being resolved: mount nothing.
          if (client !== opening) throw new SignerError('The export frame was removed')
          const opened = mountFrame({
            document,
            url: resolved,
            elementId: parameters.elementId,
            containerId: parameters.containerId,
            hidden: false,
            title: 'Sigil export frame',
          })
          element = document.getElementById(parameters.elementId) ?? undefined
          return opened
        },
      )
      client = opening
    }
    return client
  }
  const inject = async (message: FramePortRequest) => {
    const answer = await (await connect()).request(message)
    return answer.type === 'BUNDLE_INJECTED' && answer.value === true
  }

  return {
    async init() {
      return (await connect()).ready
    },
    injectWalletBundle: (bundle, organizationId) =>
      inject({ type: 'INJECT_WALLET_EXPORT_BUNDLE', value: bundle, organizationId }),
    injectKeyBundle: (bundle, organizationId, keyFormat) =>
      inject({ type: 'INJECT_KEY_EXPORT_BUNDLE', value: bundle, organizationId, keyFormat }),
    remove() {
      const current = client
      client = undefined
      void current?.then((portClient) => portClient.close()).catch(() => undefined)
      element?.remove()
      element = undefined
    },
  }
}
