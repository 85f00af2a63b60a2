/** What the example needs at run time, read on the server from its environment (README). */
export type ExampleSettings = {
  /** The Sigil server, e.g. `http://127.0.0.1:8787`. */
  rpcUrl: string
  /** The app's API key (its allowed origins include this app's). */
  apiKey: string
  /** The gas policy that sponsors the smart account's operations. */
  policyId?: string | undefined
  /** The chain the smart account lives on (the local devnet): its id, name and node URL. */
  chain?: { id: number; name: string; nodeRpcUrl: string } | undefined
  /** The dev mailbox page, where sign-in codes land in development. */
  mailboxUrl?: string | undefined
}

/**
 * The example's settings from `SIGIL_RPC_URL`, `SIGIL_API_KEY` (required), `SIGIL_POLICY_ID`,
 * `SIGIL_CHAIN_ID` with `SIGIL_CHAIN_RPC_URL`, and `SIGIL_MAILBOX_URL`. Read per request, so one build
 * runs against any server; nothing of them is built into the bundle.
 *
 * @example
 * const settings = readExampleSettings(process.env)
 */
export function readExampleSettings(env: Record<string, string | undefined>): ExampleSettings {
  const rpcUrl = env.SIGIL_RPC_URL
  const apiKey = env.SIGIL_API_KEY
  if (!rpcUrl || !apiKey)
    throw new Error('Set SIGIL_RPC_URL and SIGIL_API_KEY: the Sigil server and its app key (see the README)')
  const chainId = Number(env.SIGIL_CHAIN_ID)
  if (env.SIGIL_CHAIN_ID && (!Number.isInteger(chainId) || !env.SIGIL_CHAIN_RPC_URL))
    throw new Error('SIGIL_CHAIN_ID must be a chain id, with SIGIL_CHAIN_RPC_URL the chain node')
  return {
    rpcUrl,
    apiKey,
    policyId: env.SIGIL_POLICY_ID || undefined,
    chain: env.SIGIL_CHAIN_ID
      ? { id: chainId, name: 'Sigil Devnet', nodeRpcUrl: env.SIGIL_CHAIN_RPC_URL as string }
      : undefined,
    mailboxUrl: env.SIGIL_MAILBOX_URL || undefined,
  }
}
