import { WebSocket } from 'ws'

/** What the server answered instead of switching protocols. */
export type RefusedUpgrade = { status: number; body: unknown }

// biome-ignore lint/suspicious/noExplicitAny: tests read whatever shape the gateway answered.
type Message = any

/**
 * Tests: a raw websocket client of the gateway's Solana websocket (the `ws` package, as web3.js uses in
 * Node), with JSON-RPC helpers. `open` rejects with a {@link RefusedUpgrade} when the upgrade is refused.
 *
 * @example
 * const socket = await openSolanaWebsocketClient(`${listener.url.replace('http', 'ws')}/rpc/solana-localnet/${apiKey}`)
 * const id = await socket.call('slotSubscribe', [])
 * await socket.close()
 */
export async function openSolanaWebsocketClient(url: string, options: { origin?: string } = {}) {
  const socket = new WebSocket(url, options.origin ? { origin: options.origin } : {})
  const received: Message[] = []
  const waiters: { match: (message: Message) => boolean; resolve: (message: Message) => void }[] = []
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve())
    socket.once('unexpected-response', (_request, response) => {
      let text = ''
      response.on('data', (chunk: Buffer) => {
        text += chunk.toString('utf8')
      })
      response.on('end', () => {
        socket.terminate()
        reject({ status: response.statusCode ?? 0, body: text ? JSON.parse(text) : undefined })
      })
    })
    socket.once('error', reject)
  })
  socket.on('error', () => {})
  socket.on('message', (data) => {
    const message = JSON.parse(String(data))
    const index = waiters.findIndex((waiter) => waiter.match(message))
    if (index >= 0) waiters.splice(index, 1)[0]!.resolve(message)
    else received.push(message)
  })
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    socket.once('close', (code, reason) => resolve({ code, reason: reason.toString('utf8') })),
  )

  /** The next message matching `match` (or one already received), within `timeoutMs`. */
  const next = (match: (message: Message) => boolean, timeoutMs = 5_000) => {
    const index = received.findIndex(match)
    if (index >= 0) return Promise.resolve(received.splice(index, 1)[0])
    return new Promise<Message>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no matching message in ${timeoutMs} ms`)), timeoutMs)
      waiters.push({
        match,
        resolve: (message) => {
          clearTimeout(timer)
          resolve(message)
        },
      })
    })
  }

  let nextId = 1
  /** Sends one call and answers the whole response (`result` or `error`). */
  const request = (method: string, params?: unknown) => {
    const id = `c${nextId++}`
    socket.send(JSON.stringify({ jsonrpc: '2.0', id, method, ...(params === undefined ? {} : { params }) }))
    return next((message) => message.id === id)
  }

  return {
    socket,
    received,
    closed,
    request,
    /** Sends one call and answers its `result`; throws on an error answer. */
    async call(method: string, params?: unknown) {
      const answer = await request(method, params)
      if (answer.error) throw new Error(`${method}: ${JSON.stringify(answer.error)}`)
      return answer.result
    },
    /** The next notification of `method` for `subscription`. */
    notification: (method: string, subscription: number, timeoutMs?: number) =>
      next(
        (message) => message.method === method && message.params?.subscription === subscription,
        timeoutMs,
      ),
    next,
    async close() {
      if (socket.readyState === socket.OPEN) socket.close()
      await closed
    },
  }
}

export type SolanaWebsocketClient = Awaited<ReturnType<typeof openSolanaWebsocketClient>>

/** What the server answered to an upgrade of `url` it refused; rejects when it accepted it. */
export function refusedSolanaWebsocketUpgrade(
  url: string,
  options: { origin?: string } = {},
): Promise<RefusedUpgrade> {
  return openSolanaWebsocketClient(url, options).then(
    async (client) => {
      await client.close()
      throw new Error('the upgrade was accepted')
    },
    (error: RefusedUpgrade) => error,
  )
}
