import type { Hash } from 'viem'
import type { SigilBundlerClient } from '../actions/getBundlerClient.js'

/**
 * A bundle `wallet_sendCalls` sent, as the provider remembers it (in memory) for `wallet_getCallsStatus`:
 * one user operation (the smart account, atomic), or the owner's transactions sent one after another
 * (`hashes` fills as each is sent; `failed` once a send failed, which stops the rest).
 */
export type CallsBundle = { chainId: number; client: SigilBundlerClient } & (
  | { kind: 'userOperation'; hash: Hash }
  | { kind: 'transactions'; calls: number; hashes: Hash[]; failed: boolean }
)

/** The provider's bundles by id; `'sending'` holds an app-given id while its bundle is being sent. */
export type CallsBundles = Map<string, CallsBundle | 'sending'>
