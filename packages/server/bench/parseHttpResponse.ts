export type ParsedHttpResponse = {
  status: number
  body: Buffer
  /** Bytes of `data` the response took (head and body). */
  length: number
}

const headEnd = Buffer.from('\r\n\r\n')

/**
 * Parses one complete HTTP/1.1 response with a `Content-Length` at the start of `data`, or returns
 * `undefined` while it is incomplete. Enough for a load generator against this server, which frames
 * every JSON answer with `Content-Length`; anything else throws.
 *
 * @example
 * const response = parseHttpResponse(received) // { status: 200, body, length }
 */
export function parseHttpResponse(data: Buffer): ParsedHttpResponse | undefined {
  const end = data.indexOf(headEnd)
  if (end === -1) return undefined
  const head = data.toString('latin1', 0, end)
  const status = Number(head.slice(9, 12))
  const match = /\r\ncontent-length:\s*(\d+)/i.exec(head)
  if (!head.startsWith('HTTP/1.1 ') || !Number.isInteger(status) || !match)
    throw new Error(`unexpected HTTP response head: ${head.slice(0, 200)}`)
  const length = end + headEnd.length + Number(match[1])
  if (data.length < length) return undefined
  return { status, body: data.subarray(end + headEnd.length, length), length }
}
