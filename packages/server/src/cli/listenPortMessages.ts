/**
 * The IPC messages by which a worker of `sigil-server start --workers N --port 0` asks the primary which
 * port to listen with (docs/deploy.md#workers). Node's cluster shares one listener between the workers that
 * pass it the same port, and a listener on port 0 closes, with its port, when its last worker is gone; so a
 * worker asks just before it listens: `0` (the listener the other live workers share) while one lives, else
 * the port the cluster got first, which keeps the cluster on its port when every worker died at once.
 */
export type ListenPortMessage =
  /** Worker → primary: which port do I pass to `listen`? */
  | { type: 'sigil:which-port' }
  /** Primary → worker. */
  | { type: 'sigil:listen-port'; port: number }

/** Narrows what arrives on the IPC channel to {@link ListenPortMessage} of `type`. */
export function isListenPortMessage<T extends ListenPortMessage['type']>(
  message: unknown,
  type: T,
): message is Extract<ListenPortMessage, { type: T }> {
  return typeof message === 'object' && message !== null && (message as { type?: unknown }).type === type
}
