import { WebSocket } from 'ws'

// biome-ignore lint/suspicious/noExplicitAny: tests read whatever the gateway sent.
type Message = any

/**
 * A JSON-RPC websocket client (`ws`, as web3.js uses in Node) of a `wss://` URL whose certificate is
 * `certificatePem`: `call` answers a result, `notification` waits for the first message of a method.
 *
 * @example
 * const socket = await openTlsWebsocket(`wss://localhost:8443/rpc/solana-localnet/${apiKey}`, pem)
 * const subscription = await socket.call('signatureSubscribe', [signature, { commitment: 'confirmed' }])
 */
export async function openTlsWebsocket(url: string, certificatePem: string) {
  const socket = new WebSocket(url, { ca: certificatePem })
  const messages: Message[] = []
  socket.on('message', (data) => messages.push(JSON.parse(String(data))))
  await new Promise((resolve, reject) => {
    socket.once('open', resolve)
    socket.once('error', reject)
  })
  const first = async (match: (message: Message) => boolean, timeoutMs = 20_000): Promise<Message> => {
    for (const deadline = Date.now() + timeoutMs; Date.now() < deadline; ) {
      const found = messages.find(match)
      if (found) return found
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
    throw new Error(`no matching message on ${url} within ${timeoutMs} ms`)
  }
  let nextId = 1
  return {
    async call(method: string, params: unknown): Promise<Message> {
      const id = nextId++
      socket.send(JSON.stringify({ jsonrpc: '2.0', id, method, params }))
      const answer = await first((message) => message.id === id)
      if (answer.error) throw new Error(`${method}: ${JSON.stringify(answer.error)}`)
      return answer.result
    },
    notification: (method: string) => first((message) => message.method === method),
    close: () => socket.close(),
  }
}
