import { type ExportKeyAnswer, type ExportKeyQuery, exportKeyChannelName } from './exportKeyChannel.js'

/**
 * The export frame's side of the key handshake: answers every `EXPORT_KEY_QUERY` on the frame
 * origin's BroadcastChannel with the key it currently waits on (none once a bundle was opened).
 * Only pages of the frame origin in the same storage partition hear it, i.e. Sigil's own frames
 * embedded by the same top-level page.
 *
 * @example
 * answerExportKeyQueries(async () => (await embeddedKeyStore.load('export'))?.publicKeyHex)
 */
export function answerExportKeyQueries(currentKey: () => Promise<string | undefined>): { close(): void } {
  const channel = new BroadcastChannel(exportKeyChannelName)
  channel.onmessage = (event: MessageEvent) => {
    const query = event.data as Partial<ExportKeyQuery> | null
    if (query?.type !== 'EXPORT_KEY_QUERY' || typeof query.nonce !== 'string') return
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
