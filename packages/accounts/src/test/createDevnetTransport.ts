import { custom, type Transport } from 'viem'

const bundlerMethods = new Set([
  'eth_sendUserOperation',
  'eth_estimateUserOperationGas',
  'eth_getUserOperationReceipt',
  'eth_getUserOperationByHash',
  'eth_supportedEntryPoints',
])

let id = 0

async function call(url: string, method: string, params: unknown): Promise<unknown> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: ++id, method, params: params ?? [] }),
  })
  const body = (await response.json()) as {
    result?: unknown
    error?: { code: number; message: string; data?: unknown }
  }
  if (body.error) throw Object.assign(new Error(body.error.message), body.error)
  return body.result
}

/**
 * For tests without a Sigil server: one transport over the devnet's node and bundler, routed as the
 * gateway routes them (user-operation methods to alto, the rest to anvil) and answering
 * `rundler_maxPriorityFeePerGas` from the node, so the unsponsored client path runs on real parts.
 */
export function createDevnetTransport({
  rpcUrl,
  bundlerUrl,
}: {
  rpcUrl: string
  bundlerUrl: string
}): Transport {
  return custom(
    {
      async request({ method, params }: { method: string; params?: unknown }) {
        if (bundlerMethods.has(method)) return call(bundlerUrl, method, params)
        if (method === 'rundler_maxPriorityFeePerGas') return call(rpcUrl, 'eth_maxPriorityFeePerGas', [])
        return call(rpcUrl, method, params)
      },
    },
    { retryCount: 0 },
  )
}
