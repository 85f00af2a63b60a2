import { type IncomingMessage, type Server, STATUS_CODES } from 'node:http'
import type { Duplex } from 'node:stream'
import { WebSocket, WebSocketServer } from 'ws'
import { resolveApp } from '../apps/resolveApp.js'
import { type SolanaChainConfig, solanaWebsocketUrl } from '../gateway/ChainConfig.js'
import { clientIpOf } from '../http/clientIp.js'
import { ApiError } from '../http/errors/ApiError.js'
import { toSignerErrorBody } from '../http/errors/toSignerErrorBody.js'
import type { SigilContext } from '../SigilContext.js'
import { solanaWebsocketHandshakeError } from './solanaWebsocketHandshakeError.js'
import { solanaWebsocketProxy } from './solanaWebsocketProxy.js'

/** The caps of the Solana websocket (docs/protocol.md#solana-websocket). */
export type SolanaWebsocketLimits = {
  /** Largest message an app may send, bytes (a subscribe is a few hundred); larger closes the socket (1009). */
  maxMessageBytes: number
  /** Most subscriptions per socket. */
  maxSubscriptions: number
  /** Most sockets open at once on this server (each holds one at the cluster). */
  maxSockets: number
  /**
   * Most sockets open at once from one client address (an IPv6 client counts by its /64, behind
   * `SIGIL_TRUSTED_PROXIES` by the forwarded address), so one caller cannot take the server's whole
   * `maxSockets` (an allowed `Origin` is enough to open one, and a script can forge it).
   */
  maxSocketsPerClient: number
  /** Largest message taken from the cluster, bytes (an account notification carries up to 10 MiB of data). */
  maxUpstreamMessageBytes: number
  /** Most bytes queued for an app that does not read its socket; past it both sockets are cut. */
  maxBufferedBytes: number
  /** How long the cluster's socket may take to open, ms. */
  upstreamOpenTimeoutMs: number
}

export const defaultSolanaWebsocketLimits: SolanaWebsocketLimits = {
  maxMessageBytes: 16 * 1024,
  maxSubscriptions: 100,
  maxSockets: 1_000,
  maxSocketsPerClient: 20,
  maxUpstreamMessageBytes: 16 * 1024 * 1024,
  maxBufferedBytes: 32 * 1024 * 1024,
  upstreamOpenTimeoutMs: 10_000,
}

export type SolanaWebsocketGateway = {
  /** Serves the websocket on `server`'s upgrade requests (every other upgrade is answered 404). */
  attach(server: Server): void
  /** Answers one upgrade request (an `upgrade` listener). */
  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void
  /** Closes every socket, the app's and the cluster's. */
  close(): Promise<void>
}

const pathPattern = /^\/rpc\/([^/?#]+)(?:\/([^/?#]+))?\/?(?:[?#].*)?$/

/**
 * The RPC gateway's websocket for Solana chains: an upgrade on `/rpc/<solana chain id>` or
 * `/rpc/<solana chain id>/<apiKey>`, the paths of the HTTP gateway, so web3.js's and `@solana/kit`'s
 * default websocket URL (the HTTP URL in ws form) reaches it. First the request must be a websocket
 * handshake (`solanaWebsocketHandshakeError`: 405/400/426); then the app is found as on HTTP
 * (`resolveApp`: the key in the path, a bearer API key or JWT, else an allowed browser `Origin`); a
 * refused app gets 401/403 `{ error, code }` and no socket, an unknown chain 404, an unreachable cluster
 * 502. Only then is the cluster's socket opened and the client address's place taken; a handshake that
 * still fails (ws refuses it, the client is gone) closes that socket and frees the place. Each socket is
 * relayed to a socket of its own at the cluster (`solanaWebsocketProxy`), within `limits`.
 *
 * @example
 * const websockets = solanaWebsocketGateway(ctx)
 * websockets.attach(server)
 */
export function solanaWebsocketGateway(
  ctx: SigilContext,
  limits: Partial<SolanaWebsocketLimits> = {},
): SolanaWebsocketGateway {
  const caps = { ...defaultSolanaWebsocketLimits, ...limits }
  const sockets = new WebSocketServer({ noServer: true, maxPayload: caps.maxMessageBytes })
  const open = new Set<WebSocket>()
  let accepting = 0
  /** Sockets open or being opened per client address. */
  const perClient = new Map<string, number>()
  const release = (client: string) => {
    const count = (perClient.get(client) ?? 1) - 1
    if (count > 0) perClient.set(client, count)
    else perClient.delete(client)
  }

  const refuse = (
    socket: Duplex,
    status: number,
    body: { error: string; code: string },
    headers: Record<string, string> = {},
  ) => {
    if (socket.destroyed) return
    const text = JSON.stringify(body)
    const extra = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`)
    socket.end(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(text)}\r\nCache-Control: no-store\r\n${extra.join('')}Connection: close\r\n\r\n${text}`,
    )
    // What the client sends after its refused upgrade is not read: the socket ends once the answer is out.
    socket.once('finish', () => socket.destroy())
  }

  const connectUpstream = (chain: SolanaChainConfig) =>
    new Promise<WebSocket>((resolve, reject) => {
      const upstream = new WebSocket(solanaWebsocketUrl(chain), {
        maxPayload: caps.maxUpstreamMessageBytes,
        handshakeTimeout: caps.upstreamOpenTimeoutMs,
      })
      upstream.once('open', () => {
        upstream.removeAllListeners('error')
        resolve(upstream)
      })
      upstream.once('error', (error) => {
        upstream.terminate()
        reject(error)
      })
    })

  const accept = async (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    // Nothing is opened or counted for a request that is not a websocket handshake.
    const malformed = solanaWebsocketHandshakeError(request)
    if (malformed) return refuse(socket, malformed.status, malformed.body, malformed.headers)
    const match = pathPattern.exec(request.url ?? '')
    const chainId = match?.[1] ?? ''
    const chain = ctx.config.chains.find(
      (each): each is SolanaChainConfig => each.type === 'solana' && each.id === chainId,
    )
    if (!match || !chain)
      return refuse(socket, 404, {
        error: match
          ? `no websocket for chain ${chainId}: the gateway serves one on Solana chains only`
          : `no websocket at ${(request.url ?? '').split('?')[0]}`,
        code: 'CHAIN_NOT_FOUND',
      })
    const apiKey = match[2] ? decodeURIComponent(match[2]) : undefined
    try {
      await resolveApp(ctx.store.db, {
        authorization: apiKey ? `Bearer ${apiKey}` : request.headers.authorization,
        origin: request.headers.origin,
        now: ctx.now(),
      })
    } catch (error) {
      if (error instanceof ApiError) return refuse(socket, error.status, toSignerErrorBody(error))
      throw error
    }
    // The client hung up while its app was looked up: nothing to open.
    if (socket.destroyed) return
    if (open.size + accepting >= caps.maxSockets)
      return refuse(socket, 429, {
        error: `too many websockets open on this server (at most ${caps.maxSockets})`,
        code: 'TOO_MANY_WEBSOCKETS',
      })
    const address = clientIpOf(
      {
        peerAddress: request.socket.remoteAddress,
        forwardedFor: request.headers['x-forwarded-for']?.toString(),
        forwarded: request.headers.forwarded?.toString(),
      },
      ctx.config.trustedProxies,
    )
    if ((perClient.get(address) ?? 0) >= caps.maxSocketsPerClient)
      return refuse(socket, 429, {
        error: `too many websockets open from this address (at most ${caps.maxSocketsPerClient})`,
        code: 'TOO_MANY_WEBSOCKETS',
      })
    perClient.set(address, (perClient.get(address) ?? 0) + 1)
    accepting++
    let upstream: WebSocket
    try {
      upstream = await connectUpstream(chain)
    } catch (error) {
      release(address)
      ctx.logger.warn('solana websocket upstream unavailable', { chainId, error: (error as Error).name })
      return refuse(socket, 502, {
        error: `the websocket of chain ${chainId} is unavailable`,
        code: 'UPSTREAM_UNAVAILABLE',
      })
    } finally {
      accepting--
    }
    if (socket.destroyed) {
      release(address)
      return void upstream.terminate()
    }
    let upgraded = false
    sockets.handleUpgrade(request, socket, head, (client) => {
      upgraded = true
      open.add(client)
      open.add(upstream)
      client.once('close', () => {
        open.delete(client)
        release(address)
      })
      upstream.once('close', () => open.delete(upstream))
      solanaWebsocketProxy({
        client,
        upstream,
        maxSubscriptions: caps.maxSubscriptions,
        maxBufferedBytes: caps.maxBufferedBytes,
        chainId,
        logger: ctx.logger,
      })
    })
    // Without verifyClient, ws upgrades (and calls back) synchronously or not at all: it refused the
    // handshake (a header the checks above let through, a client gone, the server closing) and answered
    // or destroyed the app's socket itself. The cluster's socket and the address's place go with it.
    if (!upgraded) {
      release(address)
      upstream.terminate()
    }
  }

  const handleUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', () => socket.destroy())
    accept(request, socket, head).catch((error: unknown) => {
      const requestId = crypto.randomUUID()
      ctx.logger.error('solana websocket internal error', { requestId, error: (error as Error)?.name })
      refuse(socket, 500, { error: `internal error (request ${requestId})`, code: 'INTERNAL' })
    })
  }

  return {
    attach: (server) => void server.on('upgrade', handleUpgrade),
    handleUpgrade,
    close: () =>
      new Promise<void>((resolve) => {
        for (const each of open) each.terminate()
        open.clear()
        sockets.close(() => resolve())
      }),
  }
}
