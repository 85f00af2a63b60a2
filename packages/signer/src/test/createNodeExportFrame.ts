import { p256 } from '@noble/curves/nist.js'
import { bytesToHex, openExportBundle } from '@sigil/protocol'
import type { ExportFrame } from '../stampers/createExportFrame.js'

export type CreateNodeExportFrameParameters = {
  /** The server's export signer key (`server.app.sigil.exportSignerPublicKey`), pinned as the frame pins it. */
  signerPublicKey: string
  /** What the inject methods answer after opening the bundle (default true). */
  injected?: boolean | undefined
}

/** What the stand-in opened: the bundle's plaintext, as the real frame would show it. */
export type NodeExportFrameRecord =
  | { kind: 'wallet'; organizationId: string; mnemonic: string }
  | { kind: 'key'; organizationId: string; keyFormat: 'HEXADECIMAL' | 'SOLANA'; privateKey: Uint8Array }

/**
 * Test helper: a stand-in for the export frame in Node, with the `ExportFrame` contract of
 * `createExportFrame`. It holds a P-256 target key, opens bundles with `openExportBundle` against
 * the server's export signer key, and records the plaintext (which the real frame only shows
 * inside itself) so that tests can check it. The real frame is tested in Chromium separately.
 *
 * @example
 * const exportFrame = createNodeExportFrame({ signerPublicKey: testbed.server.app.sigil.exportSignerPublicKey })
 * await signer.exportWallet({ iframeContainerId: 'export', exportFrame })
 * exportFrame.opened[0] // { kind: 'wallet', mnemonic: '…' }
 */
export function createNodeExportFrame({ signerPublicKey, injected = true }: CreateNodeExportFrameParameters) {
  let target: Uint8Array | undefined
  const opened: NodeExportFrameRecord[] = []
  const stats = { initialized: 0, removed: 0 }
  const open = async (bundle: string, organizationId: string) => {
    if (!target) throw new Error('the export frame was not initialized')
    const recipientPrivateKey = target
    // One key per export, as the real frame regenerates its key on each announce.
    target = undefined
    return openExportBundle({ bundle, recipientPrivateKey, organizationId, signerPublicKey })
  }
  const frame: ExportFrame & { opened: NodeExportFrameRecord[]; stats: typeof stats } = {
    opened,
    stats,
    async init() {
      stats.initialized++
      target = p256.utils.randomSecretKey()
      return bytesToHex(p256.getPublicKey(target, false))
    },
    async injectWalletBundle(bundle, organizationId) {
      const plaintext = new TextDecoder().decode(await open(bundle, organizationId))
      opened.push({ kind: 'wallet', organizationId, mnemonic: plaintext.split('\n')[0] ?? '' })
      return injected
    },
    async injectKeyBundle(bundle, organizationId, keyFormat) {
      opened.push({ kind: 'key', organizationId, keyFormat, privateKey: await open(bundle, organizationId) })
      return injected
    },
    remove() {
      stats.removed++
      target = undefined
    },
  }
  return frame
}
