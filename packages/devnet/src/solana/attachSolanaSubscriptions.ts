import type { Server } from 'node:http'
import type { Signature } from '@solana/kit'
import { type WebSocket, WebSocketServer } from 'ws'
import { answerJsonRpc } from './answerJsonRpc.js'
import type { SolanaRuntime } from './createSolanaRuntime.js'
import { readRpcParams } from './readRpcParams.js'
import { SolanaRpcError, solanaRpcErrorCodes } from './SolanaRpcError.js'
import { stringifyJsonWithBigInts } from './stringifyJsonWithBigInts.js'
import { watchSolanaAccount } from './watchSolanaAccount.js'
import { withContext } from './withContext.js'

export type SolanaSubscriptions = { close(): Promise<void> }

/**
 * The websocket side of the runtime, on the HTTP server's port (HTTP upgrade): `signatureSubscribe` (one
 * notification when the transaction lands, at once if it already has; then the subscription ends, as on
 * Solana), `accountSubscribe` (the account as getAccountInfo gives it, after each transaction that changed it:
 * see watchSolanaAccount) and `slotSubscribe` (`{ parent, root, slot }` on every slot), with their `…Unsubscribe`
 * — what `@solana/kit`'s `sendAndConfirmTransactionFactory` and web3.js's `onAccountChange` use.
 *
 * @example
 * const subscriptions = attachSolanaSubscriptions(server, runtime)
 * await subscriptions.close()
 */
export function attachSolanaSubscriptions(server: Server, runtime: SolanaRuntime): SolanaSubscriptions {
  const sockets = new WebSocketServer({ noServer: true })
  let nextId = 0
  server.on('upgrade', (request, socket, head) => {
    sockets.handleUpgrade(request, socket, head, (websocket) => serve(websocket))
  })

  function serve(websocket: WebSocket) {
    const subscriptions = new Map<number, () => void>()
    const send = (text: string) => {
      if (websocket.readyState === websocket.OPEN) websocket.send(text)
    }
    const notify = (method: string, subscription: number, result: unknown) =>
      send(stringifyJsonWithBigInts({ jsonrpc: '2.0', method, params: { result, subscription } }))
    const unsubscribe = (params: readonly unknown[]) => {
      const id = params[0]
      const stop = typeof id === 'number' ? subscriptions.get(id) : undefined
      if (!stop) throw new SolanaRpcError(solanaRpcErrorCodes.INVALID_PARAMS, 'Invalid subscription id.')
      stop()
      return true
    }
    const methods: Record<string, (params: readonly unknown[]) => unknown> = {
      signatureSubscribe(params) {
        const signature = readRpcParams.string(params, 0, 'a base58 signature')
        const id = nextId++
        const deliver = (err: unknown) => {
          subscriptions.get(id)?.()
          notify('signatureNotification', id, withContext(runtime, { err }))
        }
        const landed = runtime.landed(signature)
        if (landed) {
          subscriptions.set(id, () => subscriptions.delete(id))
          // After the subscription id has been answered.
          setImmediate(() => subscriptions.has(id) && deliver(landed.err))
          return id
        }
        const off = runtime.onLanded((landedSignature: Signature, transaction) => {
          if (landedSignature === signature) deliver(transaction.err)
        })
        subscriptions.set(id, () => {
          off()
          subscriptions.delete(id)
        })
        return id
      },
      signatureUnsubscribe: unsubscribe,
      accountSubscribe(params) {
        const id = nextId++
        const off = watchSolanaAccount(runtime, params, (result) => notify('accountNotification', id, result))
        subscriptions.set(id, () => {
          off()
          subscriptions.delete(id)
        })
        return id
      },
      accountUnsubscribe: unsubscribe,
      slotSubscribe() {
        const id = nextId++
        const off = runtime.onSlot((slot) =>
          notify('slotNotification', id, { parent: slot - 1n, root: slot, slot }),
        )
        subscriptions.set(id, () => {
          off()
          subscriptions.delete(id)
        })
        return id
      },
      slotUnsubscribe: unsubscribe,
    }
    websocket.on('message', (data) => {
      const answer = answerJsonRpc(String(data), (method, params) => {
        const handler = Object.hasOwn(methods, method) ? methods[method] : undefined
        if (!handler)
          throw new SolanaRpcError(solanaRpcErrorCodes.METHOD_NOT_FOUND, `Method not found: ${method}`)
        return handler(params)
      })
      if (answer !== undefined) send(answer)
    })
    websocket.on('error', () => websocket.terminate())
    websocket.on('close', () => {
      for (const stop of [...subscriptions.values()]) stop()
    })
  }

  return {
    close: () =>
      new Promise<void>((resolve) => {
        for (const client of sockets.clients) client.terminate()
        sockets.close(() => resolve())
      }),
  }
}
