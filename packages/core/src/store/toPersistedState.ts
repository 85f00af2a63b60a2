import type { Chain, Transport } from 'viem'
import type { CoreState, PersistedConnection, PersistedState, PersistedTransport } from './CoreState.js'

const transportDescriptions = new WeakMap<Transport, PersistedTransport>()

/** A transport's kind and URL, read from the transport viem would build for `chain` (cached). */
function describeTransport(transport: Transport, chain: Chain): PersistedTransport {
  const cached = transportDescriptions.get(transport)
  if (cached) return cached
  let description: PersistedTransport = { __type: 'Transport' }
  try {
    const { config, value } = transport({ chain, retryCount: 0 })
    const url = (value as { url?: unknown } | undefined)?.url
    description = {
      __type: 'Transport',
      key: config.key,
      name: config.name,
      type: config.type,
      url: typeof url === 'string' ? url : undefined,
    }
  } catch {
    // A transport that cannot be built without more context is recorded by its presence only.
  }
  transportDescriptions.set(transport, description)
  return description
}

/**
 * The JSON-safe part of the app state that is written to storage (docs/account-kit.md#core): no signer; the
 * chain as `{id}`; the user as `{address, orgId, userId, email}`; transports as their description.
 *
 * @example
 * toPersistedState(config.store.getState()).chain // { id: 31337 }
 */
export function toPersistedState(state: CoreState): PersistedState {
  const connections: Record<string, PersistedConnection> = {}
  for (const [id, connection] of Object.entries(state.connections))
    connections[id] = {
      chain: { id: connection.chain.id },
      rpcUrl: connection.rpcUrl,
      transport: connection.transport ? describeTransport(connection.transport, connection.chain) : undefined,
      policyId: connection.policyId,
    }
  const { user } = state
  return {
    chain: { id: state.chain.id },
    connections,
    accounts: state.accounts,
    config: state.config,
    user: user && { address: user.address, orgId: user.orgId, userId: user.userId, email: user.email },
    signerStatus: state.signerStatus,
  }
}
