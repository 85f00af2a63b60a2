import type { IncomingMessage } from 'node:http'

/** Why an upgrade request is not a websocket handshake: the HTTP answer it gets instead. */
export type SolanaWebsocketHandshakeError = {
  status: 400 | 405 | 426
  /** Headers the answer carries besides the body's (`Allow`, `Sec-WebSocket-Version`). */
  headers: Record<string, string>
  body: { error: string; code: 'BAD_WEBSOCKET_HANDSHAKE' }
}

/** A `Sec-WebSocket-Key`: base64 of 16 bytes (RFC 6455, 4.1). */
const keyPattern = /^[+/0-9A-Za-z]{22}==$/

const refusal = (
  status: SolanaWebsocketHandshakeError['status'],
  error: string,
  headers: Record<string, string> = {},
): SolanaWebsocketHandshakeError => ({ status, headers, body: { error, code: 'BAD_WEBSOCKET_HANDSHAKE' } })

/**
 * What is wrong with an upgrade request as a websocket handshake (RFC 6455, 4.2.1), checked before the
 * gateway opens anything at the cluster (docs/protocol.md#solana-websocket): not `GET` (405, `Allow:
 * GET`), an `Upgrade` other than `websocket` (400), a `Sec-WebSocket-Key` that is not base64 of 16 bytes
 * (400), a `Sec-WebSocket-Version` other than 13 (426, `Sec-WebSocket-Version: 13`). Undefined when it is
 * a websocket handshake.
 *
 * @example
 * const refused = solanaWebsocketHandshakeError(request)
 * if (refused) return refuse(socket, refused.status, refused.body, refused.headers)
 */
export function solanaWebsocketHandshakeError(
  request: Pick<IncomingMessage, 'method' | 'headers'>,
): SolanaWebsocketHandshakeError | undefined {
  const { headers } = request
  if (request.method !== 'GET')
    return refusal(405, `a websocket upgrade is a GET request, not ${request.method}`, { Allow: 'GET' })
  if (headers.upgrade?.toLowerCase() !== 'websocket')
    return refusal(400, 'a websocket upgrade needs the header Upgrade: websocket')
  const key = headers['sec-websocket-key']
  if (key === undefined || !keyPattern.test(key))
    return refusal(
      400,
      `${key === undefined ? 'missing' : 'invalid'} Sec-WebSocket-Key: it must be base64 of 16 random bytes`,
    )
  const version = headers['sec-websocket-version']
  if (version !== '13')
    return refusal(
      426,
      `${version === undefined ? 'missing' : 'unsupported'} Sec-WebSocket-Version: the gateway speaks version 13`,
      { 'Sec-WebSocket-Version': '13' },
    )
  return undefined
}
