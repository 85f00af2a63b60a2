import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { isAddress } from '@solana/kit'
import { DevnetError } from '../errors/DevnetError.js'
import { answerJsonRpc } from './answerJsonRpc.js'
import { attachSolanaSubscriptions } from './attachSolanaSubscriptions.js'
import { createSolanaRuntime } from './createSolanaRuntime.js'
import { SolanaRpcError, solanaRpcErrorCodes } from './SolanaRpcError.js'
import type { SolanaRpcMethod } from './SolanaRpcMethod.js'
import { solanaAccountMethods } from './solanaAccountMethods.js'
import { solanaClusterMethods } from './solanaClusterMethods.js'
import { solanaTransactionMethods } from './solanaTransactionMethods.js'

export type StartSolanaDevnetParameters = {
  /** Port on 127.0.0.1 for JSON-RPC and its websocket; undefined or 0: a free port. */
  port?: number | undefined
  /** Accounts funded at start (an airdrop each). */
  fund?: readonly { address: string; lamports: bigint }[] | undefined
  /** Milliseconds between slots when idle (Solana: 400); every landed transaction also ends its slot. 0: none. */
  slotMilliseconds?: number | undefined
}

export type SolanaDevnet = {
  /** `http://127.0.0.1:<port>` */
  rpcUrl: string
  /** `ws://127.0.0.1:<port>` (the same port, HTTP upgrade) */
  wsUrl: string
  airdrop(address: string, lamports: bigint): Promise<void>
  getBalance(address: string): bigint
  stop(): Promise<void>
}

const methods: Record<string, SolanaRpcMethod> = {
  ...solanaClusterMethods,
  ...solanaAccountMethods,
  ...solanaTransactionMethods,
}
const maxBodyBytes = 10 * 1024 * 1024
const cors = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'POST, GET, OPTIONS',
  'access-control-allow-headers': 'content-type, solana-client',
}

/**
 * Starts the local Solana runtime: a JSON-RPC server (and its websocket, same port) over litesvm, with
 * signature verification and blockhash checks on. The slot and blockhash advance on every landed transaction
 * and every `slotMilliseconds`; a blockhash stays valid for 150 slots.
 *
 * @example
 * const solana = await startSolanaDevnet({ fund: [{ address: 'Ga3Z…', lamports: 1_000_000_000n }] })
 * const rpc = createSolanaRpc(solana.rpcUrl)
 * const rpcSubscriptions = createSolanaRpcSubscriptions(solana.wsUrl)
 * await solana.stop()
 */
export async function startSolanaDevnet(parameters: StartSolanaDevnetParameters = {}): Promise<SolanaDevnet> {
  const { port = 0, fund = [], slotMilliseconds = 400 } = parameters
  const runtime = createSolanaRuntime()
  const airdrop = async (address: string, lamports: bigint) => {
    if (!isAddress(address)) throw new DevnetError(`Not a Solana address: ${address}`)
    runtime.airdrop(address, lamports)
  }
  for (const { address, lamports } of fund) await airdrop(address, lamports)

  const call = (method: string, params: readonly unknown[]) => {
    const handler = Object.hasOwn(methods, method) ? methods[method] : undefined
    if (!handler)
      throw new SolanaRpcError(solanaRpcErrorCodes.METHOD_NOT_FOUND, `Method not found: ${method}`)
    return handler(runtime, params)
  }
  const server = createServer((request, response) => {
    serve(request, response, call).catch(() => response.destroy())
  })
  const subscriptions = attachSolanaSubscriptions(server, runtime)
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'EADDRINUSE'
          ? new DevnetError(`Port ${port} is already in use`, {
              details: `something already listens on 127.0.0.1:${port}; stop it or choose another port for the Solana runtime`,
              cause: error,
            })
          : error,
      ),
    )
    server.listen(port, '127.0.0.1', resolve)
  })
  const { port: listening } = server.address() as { port: number }
  const timer = slotMilliseconds > 0 ? setInterval(() => runtime.advance(), slotMilliseconds) : undefined
  timer?.unref()

  let stopped: Promise<void> | undefined
  return {
    rpcUrl: `http://127.0.0.1:${listening}`,
    wsUrl: `ws://127.0.0.1:${listening}`,
    airdrop,
    getBalance: (address) => (isAddress(address) ? (runtime.svm.getBalance(address) ?? 0n) : 0n),
    stop() {
      stopped ??= (async () => {
        clearInterval(timer)
        await subscriptions.close()
        server.closeAllConnections()
        await new Promise<void>((resolve) => server.close(() => resolve()))
      })()
      return stopped
    },
  }
}

async function serve(
  request: IncomingMessage,
  response: ServerResponse,
  call: (method: string, params: readonly unknown[]) => unknown,
): Promise<void> {
  const reply = (status: number, body?: string, type = 'application/json') => {
    response.writeHead(status, { ...cors, ...(body === undefined ? {} : { 'content-type': type }) })
    response.end(body)
  }
  if (request.method === 'OPTIONS') return reply(204)
  if (request.method === 'GET' && request.url === '/health') return reply(200, 'ok', 'text/plain')
  if (request.method !== 'POST')
    return reply(405, 'Used HTTP Method is not allowed. POST or OPTIONS is required', 'text/plain')
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length
    if (size > maxBodyBytes) return reply(413, 'Request body too large', 'text/plain')
    chunks.push(chunk)
  }
  const answer = answerJsonRpc(Buffer.concat(chunks).toString('utf8'), call)
  reply(answer === undefined ? 204 : 200, answer)
}
