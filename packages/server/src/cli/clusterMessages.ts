import type { Readiness } from '../observability/checkReadiness.js'

/**
 * The IPC messages between the primary and the workers of `sigil-server start --workers N`
 * (docs/deploy.md#workers). Every type starts with `sigil:`, so prom-client's own metric requests on the
 * same channel never match.
 */
export type ClusterMessage =
  /** Worker → primary: listening on `url`, with the lines `start` prints. */
  | { type: 'sigil:listening'; url: string; port: number; notes: string[]; warnings: string[] }
  /** Worker → primary: this worker settled a write of API keys; `id` comes back in `api-keys-relayed`. */
  | { type: 'sigil:api-keys-changed'; id: number }
  /** Primary → worker: every other worker has forgotten its cached API keys (or has gone). */
  | { type: 'sigil:api-keys-relayed'; id: number }
  /** Primary → worker: another worker changed API keys; answer `api-keys-forgotten` with `id`. */
  | { type: 'sigil:api-keys-forget'; id: number }
  /** Worker → primary: cache emptied for relay `id`. */
  | { type: 'sigil:api-keys-forgotten'; id: number }
  /** Primary → worker: run the readiness checks; answer `readiness` with `id`. */
  | { type: 'sigil:check-readiness'; id: number }
  /** Worker → primary. */
  | { type: 'sigil:readiness'; id: number; readiness: Readiness }

/** Narrows what arrives on the IPC channel to {@link ClusterMessage} of `type`. */
export function isClusterMessage<T extends ClusterMessage['type']>(
  message: unknown,
  type: T,
): message is Extract<ClusterMessage, { type: T }> {
  return typeof message === 'object' && message !== null && (message as { type?: unknown }).type === type
}
