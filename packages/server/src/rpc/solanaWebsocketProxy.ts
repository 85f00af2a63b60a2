import type { WebSocket } from 'ws'
import { RpcError } from '../gateway/RpcError.js'
import { rpcRequestSchema } from '../gateway/rpcSchemas.js'
import type { Logger } from '../log/createLogger.js'
import { type RpcResponse, toRpcErrorResponse } from './answerRpcRequest.js'
import {
  type SolanaSubscribeMethod,
  type SolanaWebsocketMethod,
  solanaWebsocketMethods,
  solanaWebsocketNotifications,
} from './solanaWebsocketMethods.js'

export type SolanaWebsocketProxyParameters = {
  /** The app's socket (already upgraded). */
  client: WebSocket
  /** The cluster's socket (already open). */
  upstream: WebSocket
  /** Most subscriptions one socket holds at once, pending ones included; also the most calls in flight. */
  maxSubscriptions: number
  /** Most bytes queued for an app that does not read; past it both sockets are cut. */
  maxBufferedBytes: number
  chainId: string
  logger: Logger
}

type RpcId = string | number | null
type Pending = { clientId: RpcId; method: SolanaWebsocketMethod; unsubscribing?: number | undefined }

/**
 * Relays one app socket to its own socket at the cluster (docs/protocol.md#solana-websocket): the
 * subscription methods of {@link solanaWebsocketMethods} go upstream under ids of the gateway's (the
 * answer gets the app's id back); anything else is answered here with a JSON-RPC error and never
 * forwarded; JSON-RPC notifications from the app (web3.js's `ping` every 5 s) are dropped. At most
 * `maxSubscriptions` live at once (a signature subscription ends with its notification, as on Solana).
 * Upstream, only answers to the gateway's ids and the three notifications reach the app. When either
 * side closes, the other is closed too.
 *
 * @example
 * solanaWebsocketProxy({ client, upstream, maxSubscriptions: 100, chainId: 'solana-localnet', logger })
 */
export function solanaWebsocketProxy({
  client,
  upstream,
  maxSubscriptions,
  maxBufferedBytes,
  chainId,
  logger,
}: SolanaWebsocketProxyParameters): void {
  const pending = new Map<number, Pending>()
  /** Live subscriptions: the cluster's subscription id → the method that made it. */
  const live = new Map<number, SolanaSubscribeMethod>()
  let nextId = 1
  let pendingSubscribes = 0

  let closed = false
  const closeBoth = (code: number, reason: string) => {
    if (closed) return
    closed = true
    if (client.readyState === client.OPEN) client.close(code, reason)
    else client.terminate()
    upstream.terminate()
  }
  const deliver = (text: string) => {
    if (client.readyState !== client.OPEN) return
    // An app that does not read would hold the cluster's notifications in memory: cut it off.
    if (client.bufferedAmount + text.length > maxBufferedBytes) {
      closed = true
      client.terminate()
      return upstream.terminate()
    }
    client.send(text)
  }
  const reply = (answer: RpcResponse) => deliver(JSON.stringify(answer))
  const refuse = (id: RpcId, error: RpcError) => reply(toRpcErrorResponse(id, error))

  client.on('message', (data, isBinary) => {
    let message: unknown
    try {
      message = JSON.parse(isBinary ? Buffer.from(data as Buffer).toString('utf8') : String(data))
    } catch {
      return refuse(null, new RpcError('PARSE_ERROR', 'parse error: the message is not JSON'))
    }
    if (Array.isArray(message))
      return refuse(null, new RpcError('INVALID_REQUEST', 'invalid request: no batches over the websocket'))
    const rawId = (message as { id?: unknown } | null)?.id
    const id: RpcId = typeof rawId === 'string' || typeof rawId === 'number' ? rawId : null
    const parsed = rpcRequestSchema.safeParse(message)
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!
      return refuse(
        id,
        new RpcError(
          'INVALID_REQUEST',
          `invalid request: ${issue.path.map(String).join('.') || '(request)'}: ${issue.message}`,
        ),
      )
    }
    const { method, params } = parsed.data
    // A notification (no id) expects no answer: web3.js's keep-alive `ping` ends here.
    if (parsed.data.id === undefined) return
    if (!Object.hasOwn(solanaWebsocketMethods, method))
      return refuse(
        id,
        new RpcError(
          'METHOD_NOT_FOUND',
          `method ${method} is not available over the gateway's websocket on ${chainId}: only ${Object.keys(solanaWebsocketMethods).join(', ')}`,
        ),
      )
    const known = method as SolanaWebsocketMethod
    const spec = solanaWebsocketMethods[known]
    const checked = spec.params.safeParse(params)
    if (!checked.success) {
      const issue = checked.error.issues[0]!
      return refuse(
        id,
        new RpcError(
          'INVALID_PARAMS',
          `invalid params of ${method}: ${issue.path.map(String).join('.') || '(params)'}: ${issue.message}`,
        ),
      )
    }
    if (pending.size >= maxSubscriptions)
      return refuse(
        id,
        new RpcError('INVALID_REQUEST', `at most ${maxSubscriptions} calls in flight per websocket`),
      )
    let unsubscribing: number | undefined
    if ('unsubscribes' in spec) {
      unsubscribing = (checked.data as [number])[0]
      if (live.get(unsubscribing) !== spec.unsubscribes)
        return refuse(id, new RpcError('INVALID_PARAMS', 'Invalid subscription id.'))
    } else {
      if (live.size + pendingSubscribes >= maxSubscriptions)
        return refuse(
          id,
          new RpcError(
            'INVALID_REQUEST',
            `at most ${maxSubscriptions} subscriptions per websocket: unsubscribe one, or open another socket`,
          ),
        )
      pendingSubscribes++
    }
    const upstreamId = nextId++
    pending.set(upstreamId, { clientId: parsed.data.id, method: known, unsubscribing })
    upstream.send(JSON.stringify({ jsonrpc: '2.0', id: upstreamId, method, params: checked.data ?? [] }))
  })

  upstream.on('message', (data) => {
    let message: {
      id?: unknown
      method?: unknown
      result?: unknown
      error?: unknown
      params?: { subscription?: unknown; result?: { value?: unknown } }
    }
    try {
      message = JSON.parse(String(data))
    } catch {
      return
    }
    if (typeof message?.method === 'string') {
      if (!solanaWebsocketNotifications.has(message.method)) return
      const subscription = message.params?.subscription
      if (typeof subscription !== 'number' || !live.has(subscription)) return
      // A signature subscription ends with its notification (but not a 'receivedSignature' one).
      if (message.method === 'signatureNotification' && message.params?.result?.value !== 'receivedSignature')
        live.delete(subscription)
      return deliver(String(data))
    }
    const call = typeof message?.id === 'number' ? pending.get(message.id) : undefined
    if (!call) return
    pending.delete(message.id as number)
    const spec = solanaWebsocketMethods[call.method]
    if (!('unsubscribes' in spec)) {
      pendingSubscribes--
      if (typeof message.result === 'number') live.set(message.result, call.method as SolanaSubscribeMethod)
    } else if (message.result === true && call.unsubscribing !== undefined) live.delete(call.unsubscribing)
    const error = message.error as { code?: unknown; message?: unknown; data?: unknown } | undefined
    if (error !== undefined)
      return reply({
        jsonrpc: '2.0',
        id: call.clientId,
        error: {
          code: typeof error?.code === 'number' ? error.code : -32603,
          message: typeof error?.message === 'string' ? error.message : 'upstream error',
          ...(error?.data === undefined ? {} : { data: error.data }),
        },
      })
    reply({ jsonrpc: '2.0', id: call.clientId, result: message.result ?? null })
  })

  client.on('close', () => closeBoth(1000, ''))
  // ws closes the app's socket itself after an error (1009 for a message over the size cap).
  client.on('error', () => upstream.terminate())
  upstream.on('close', () => closeBoth(1011, 'the cluster closed the connection'))
  upstream.on('error', (error) => {
    logger.warn('solana websocket upstream error', { chainId, error: error.name })
    closeBoth(1011, 'the cluster connection failed')
  })
}
