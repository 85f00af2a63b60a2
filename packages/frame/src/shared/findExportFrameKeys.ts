import type { EmbeddedKeyOwner } from './embeddedKeyName.js'
import { type ExportKeyAnswer, type ExportKeyQuery, exportKeyChannelName } from './exportKeyChannel.js'

/**
 * Asks the live export frames of this origin (and storage partition) that belong to `owner` (the
 * asking auth frame's app and embedding origin) for the keys they wait on, and resolves as soon as
 * `accept` takes one of them (with that key), or with `undefined` after `timeoutMs` when none does.
 *
 * @example
 * const key = await findExportFrameKeys(owner, (candidate) => candidate === targetPublicKey)
 */
export function findExportFrameKeys(
  owner: EmbeddedKeyOwner,
  accept: (publicKeyHex: string) => boolean,
  { timeoutMs = 1000 }: { timeoutMs?: number } = {},
): Promise<string | undefined> {
  return new Promise((resolve) => {
    const channel = new BroadcastChannel(exportKeyChannelName)
    const nonce = crypto.randomUUID()
    const finish = (publicKeyHex: string | undefined) => {
      clearTimeout(timer)
      channel.close()
      resolve(publicKeyHex)
    }
    const timer = setTimeout(() => finish(undefined), timeoutMs)
    channel.onmessage = (event: MessageEvent) => {
      const answer = event.data as Partial<ExportKeyAnswer> | null
      if (answer?.type !== 'EXPORT_KEY' || answer.nonce !== nonce) return
      if (typeof answer.publicKeyHex === 'string' && accept(answer.publicKeyHex)) finish(answer.publicKeyHex)
    }
    channel.postMessage({
      type: 'EXPORT_KEY_QUERY',
      nonce,
      app: owner.app,
      origin: owner.origin,
    } satisfies ExportKeyQuery)
  })
}
