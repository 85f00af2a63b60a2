import { readFileSync } from 'node:fs'
import { z } from 'zod'
import { type ChainConfig, solanaChainIdPattern } from './ChainConfig.js'

const address = z.string().regex(/^0x[0-9a-fA-F]{40}$/, 'must be a 0x address')
const url = z.url({ protocol: /^https?$/ })
const websocketUrl = z.url({ protocol: /^wss?$/, error: 'must be a ws:// or wss:// URL' })
const evmChainSchema = z.strictObject({
  type: z.literal('evm').optional(),
  id: z
    .number({ error: 'an EVM chain id is a number (a Solana chain needs "type": "solana")' })
    .int()
    .positive(),
  rpcUrl: url,
  bundlerUrl: url.optional(),
  paymasters: z.strictObject({ '0.6': address, '0.7': address, '0.8': address }).partial().optional(),
})
const solanaChainSchema = z.strictObject({
  type: z.literal('solana'),
  id: z.string().regex(solanaChainIdPattern, 'a Solana chain id is solana-<name>, e.g. solana-localnet'),
  rpcUrl: url,
  // Omitted: the rpcUrl's ws form (solanaWebsocketUrl).
  wsUrl: websocketUrl.optional(),
})
const chainSchema = z.discriminatedUnion('type', [evmChainSchema, solanaChainSchema])
const chainListSchema = z
  .array(chainSchema)
  .refine(
    (chains) => new Set(chains.map((chain) => chain.id)).size === chains.length,
    'a chain id is listed twice',
  )
// The array or `{ chains }` is chosen by shape first, so an entry's error keeps its path (a union would
// answer "Invalid input" at the root).
const chainsFileSchema = z.strictObject({ chains: chainListSchema }).transform((value) => value.chains)
const chainsSchema = (value: unknown) => (Array.isArray(value) ? chainListSchema : chainsFileSchema)

export type LoadChainsParameters = {
  /** Chains given in code (tests, embedding); wins over the file and the environment. */
  chains?: ChainConfig[] | undefined
  /** JSON file: an array of chains or `{ "chains": [...] }` (`--chains`). */
  chainsFile?: string | undefined
  env: Record<string, string | undefined>
}

/**
 * The RPC gateway's chains, from `chains`, else the `chainsFile` JSON, else `SIGIL_CHAINS` (the same
 * JSON inline); none configured: `[]` (every `/rpc/<id>` is then unknown). EVM chains have numeric ids
 * (`type` omitted or `"evm"`); Solana chains `"type": "solana"`, an id `solana-<name>` and optionally the
 * cluster's websocket `wsUrl` (default: the `rpcUrl`'s ws form, see `solanaWebsocketUrl`). Throws a
 * startup error naming the bad field; the message never repeats URLs (they may carry API keys).
 *
 * @example
 * loadChains({ env: { SIGIL_CHAINS: '[{"id":31337,"rpcUrl":"http://127.0.0.1:8545","bundlerUrl":"http://127.0.0.1:4337"}]' } })
 * loadChains({ env: { SIGIL_CHAINS: '[{"id":"solana-localnet","type":"solana","rpcUrl":"http://127.0.0.1:8899"}]' } })
 */
export function loadChains({ chains, chainsFile, env }: LoadChainsParameters): ChainConfig[] {
  let source = 'chains'
  let value: unknown = chains
  if (value === undefined && chainsFile) {
    source = chainsFile
    try {
      value = JSON.parse(readFileSync(chainsFile, 'utf8'))
    } catch (cause) {
      throw new Error(`cannot read the chains file ${chainsFile}: ${(cause as Error).message}`, { cause })
    }
  } else if (value === undefined && env.SIGIL_CHAINS) {
    source = 'SIGIL_CHAINS'
    try {
      value = JSON.parse(env.SIGIL_CHAINS)
    } catch (cause) {
      throw new Error('SIGIL_CHAINS is not valid JSON', { cause })
    }
  }
  if (value === undefined) return []
  const parsed = chainsSchema(value).safeParse(value)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!
    throw new Error(`${source}: ${issue.path.join('.') || '(root)'}: ${issue.message}`)
  }
  return parsed.data as ChainConfig[]
}
