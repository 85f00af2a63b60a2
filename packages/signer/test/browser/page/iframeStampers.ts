/**
 * The published `@turnkey/iframe-stamper` clients, bundled for `iframeStamperCompat.test.ts` and put
 * on `window.iframeStampers`: 1.2.0 (the version Account Kit 4.x ships, installed as
 * `turnkey-iframe-stamper-1`) and the latest 2.x. Each becomes an `ExportFrame` for
 * `signer.exportWallet`, calling the stamper exactly as its users do: 1.2.0 injects a bundle
 * without an organization (it has no such argument), 2.x with one.
 */

import type { ExportFrame } from '@sigil/signer'
import { IframeStamper as IframeStamper2, KeyFormat as KeyFormat2 } from '@turnkey/iframe-stamper'
import { IframeStamper as IframeStamper1, KeyFormat as KeyFormat1 } from 'turnkey-iframe-stamper-1'

export type StamperVersion = '1.2.0' | '2.x'

export type StamperExportFrameOptions = {
  version: StamperVersion
  /** The export frame page, `${serverUrl}/frame/export?app=…`. */
  iframeUrl: string
  /** The id of the element the frame goes in. */
  containerId: string
  /** The iframe's id. */
  elementId: string
  /** 2.x only: the organizationId to send instead of the signed-in user's. */
  organizationId?: string
  /** 2.x only: the keyFormat to send instead of the SDK's (e.g. `BITCOIN_MAINNET_WIF`). */
  keyFormat?: string
  /** Flips the last byte of the bundle's `dataSignature` before it is injected. */
  tamperSignature?: boolean
}

/** `exportBundle` with the last byte of its DER signature changed. */
function tamperWithSignature(bundle: string): string {
  const envelope = JSON.parse(bundle) as Record<string, string>
  const signature = envelope.dataSignature ?? ''
  const last = signature.slice(-2) === '00' ? '01' : '00'
  return JSON.stringify({ ...envelope, dataSignature: `${signature.slice(0, -2)}${last}` })
}

/** An iframe-stamper's rejection as text: 1.2.0 rejects with the frame's `value`, 2.x with an `Error`. */
function rejectionText(reason: unknown): string {
  return reason instanceof Error ? reason.message : String(reason)
}

/**
 * An `ExportFrame` over one published iframe-stamper: `init()` mounts the stamper's iframe and
 * answers its public key; the inject methods call the stamper's own `injectWalletExportBundle` /
 * `injectKeyExportBundle`.
 *
 * @example
 * await signer.exportWallet({ iframeContainerId: 'export-frame', exportFrame: stamperExportFrame({ version: '1.2.0', … }) })
 */
export function stamperExportFrame(options: StamperExportFrameOptions): ExportFrame {
  const config = {
    iframeUrl: options.iframeUrl,
    iframeContainer: document.getElementById(options.containerId),
    iframeElementId: options.elementId,
  }
  const prepare = (bundle: string) => (options.tamperSignature ? tamperWithSignature(bundle) : bundle)
  const failed = (reason: unknown): never => {
    throw new Error(rejectionText(reason))
  }
  if (options.version === '1.2.0') {
    const stamper = new IframeStamper1(config)
    return {
      init: () => stamper.init(),
      // As Account Kit 4.x: 1.2.0 has no organizationId argument.
      injectWalletBundle: (bundle) => stamper.injectWalletExportBundle(prepare(bundle)).catch(failed),
      injectKeyBundle: (bundle, _organizationId, keyFormat) =>
        stamper
          .injectKeyExportBundle(
            prepare(bundle),
            keyFormat === 'SOLANA' ? KeyFormat1.Solana : KeyFormat1.Hexadecimal,
          )
          .catch(failed),
      remove: () => stamper.clear(),
    }
  }
  const stamper = new IframeStamper2(config)
  return {
    init: () => stamper.init(),
    injectWalletBundle: (bundle, organizationId) =>
      stamper
        .injectWalletExportBundle(prepare(bundle), options.organizationId ?? organizationId)
        .catch(failed),
    injectKeyBundle: (bundle, organizationId, keyFormat) =>
      stamper
        .injectKeyExportBundle(
          prepare(bundle),
          options.organizationId ?? organizationId,
          (options.keyFormat as KeyFormat2 | undefined) ??
            (keyFormat === 'SOLANA' ? KeyFormat2.Solana : KeyFormat2.Hexadecimal),
        )
        .catch(failed),
    remove: () => stamper.clear(),
  }
}

export const iframeStampers = { stamperExportFrame }

;(window as unknown as { iframeStampers: typeof iframeStampers }).iframeStampers = iframeStampers
