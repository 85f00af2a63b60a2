import { type Chain, createPublicClient, custom, type Hex } from 'viem'
import { sigilDevnet } from '../chains/sigilDevnet.js'

export type StubClientOptions = {
  /** `eth_getCode` answer for every address; `'0x'` (undeployed) by default. */
  code?: Hex
  /** Answers (or throws for) `eth_call`; by default throws a node error without revert data. */
  call?: (request: { to: Hex; data: Hex }) => unknown
  /** Other methods, by name. */
  methods?: Record<string, (params: unknown) => unknown>
  chain?: Chain
}

/**
 * A public client on the devnet chain whose node is a function: unit tests of the accounts run
 * without a chain, and record what they asked for in `requests`.
 */
export function createStubClient(options: StubClientOptions = {}) {
  const requests: { method: string; params: unknown }[] = []
  const client = createPublicClient({
    chain: options.chain ?? sigilDevnet,
    transport: custom(
      {
        async request({ method, params }: { method: string; params: unknown }) {
          requests.push({ method, params })
          if (method === 'eth_chainId') return '0x7a69'
          if (method === 'eth_getCode') return options.code ?? '0x'
          if (method === 'eth_call') {
            const [request] = params as [{ to: Hex; data: Hex }]
            if (options.call) return options.call(request)
            throw Object.assign(new Error('node unavailable'), { code: -32000 })
          }
          const handler = options.methods?.[method]
          if (handler) return handler(params)
          throw Object.assign(new Error(`unexpected ${method}`), { code: -32601 })
        },
      },
      { retryCount: 0 },
    ),
  })
  return Object.assign(client, { requests })
}
