import type { EmbeddedKeyOwner } from './embeddedKeyName.js'
import { type ExportKeyAnswer, type ExportKeyQuery, exportKeyChannelName } from './exportKeyChannel.js'

/**
 * The export frame's side of the key handshake: answers an `EXPORT_KEY_QUERY` on the frame origin's
 * BroadcastChannel with the key it currently waits on (`currentKey`, none once a bundle was opened),
 * but only when the asking auth frame has the same owner (`owner()`: this frame's app and the origin
 * of the page it announced its key to). Only pages of the frame origin in the same storage partition
 * hear it, i.e. Sigil's own frames embedded by pages of the same top-level site, which may be other
 * apps' pages: the owner keeps them apart.
 *
 * @example
 * answerExportKeyQueries(() => owner, async () => (await embeddedKeyStore.load(name))?.publicKeyHex)
 */
export function answerExportKeyQueries(
  owner: () => EmbeddedKeyOwner | undefined,
  currentKey: () => Promise<string | undefined>,
): { close(): void } {
  const channel = new BroadcastChannel(exportKeyChannelName)
  channel.onmessage = (event: MessageEvent) => {
    const query = event.data as Partial<ExportKeyQuery> | null
    if (
      query?.type !== 'EXPORT_KEY_QUERY' ||
      typeof query.nonce !== 'string' ||
      typeof query.app !== 'string' ||
      typeof query.origin !== 'string'
    )
      return
    const own = owner()
    if (!own || own.app !== query.app || own.origin !== query.origin) return
    const nonce = query.nonce
    void currentKey()
      .catch(() => undefined)
      .then((publicKeyHex) => {
        if (publicKeyHex)
          channel.postMessage({ type: 'EXPORT_KEY', nonce, publicKeyHex } satisfies ExportKeyAnswer)
      })
  }
  return { close: () => channel.close() }
}
