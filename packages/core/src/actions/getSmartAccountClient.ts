import { stampGatewayRequest } from '@sigil/signer'
import type { SigilConfig } from '../createConfig.js'
import type {
  SmartAccountClientOfType,
  SmartAccountClientOptions,
  SmartAccountParameters,
} from '../smartAccounts/SmartAccountParameters.js'
import { setSmartAccountState } from '../smartAccounts/setSmartAccountState.js'
import { smartAccountClientCache } from '../smartAccounts/smartAccountClientCache.js'
import type { SmartAccountType } from '../store/CoreState.js'
import { toStableJson } from '../store/toStableJson.js'
import { requireSigner } from './requireSigner.js'

export type GetSmartAccountClientParameters<type extends SmartAccountType = SmartAccountType> = {
  type: type
  /** The account type's options (`version`, `salt`, `owners`, `mode`, …); the owner is the signed-in user. */
  accountParams?: SmartAccountParameters[type] | undefined
  /** How often receipts and transactions are polled; default viem's. */
  pollingInterval?: number | undefined
  /** The gas policy instead of the chain connection's (`null`: no sponsorship). */
  policyId?: string | string[] | null | undefined
  /** `createSmartAccountClient`'s sponsorship mode (`'alchemy'` default, `'erc7677'`), fee options and retry settings. */
  clientOptions?: SmartAccountClientOptions | undefined
}

export type GetSmartAccountClientReturnType<type extends SmartAccountType = SmartAccountType> =
  SmartAccountClientOfType<type>

/**
 * The signed-in user's smart account of `type` on the active chain, as a `@sigil/accounts` smart-account
 * client through the chain's Sigil RPC gateway (`<server>/rpc/<chainId>` unless the chain's connection
 * gives an `rpcUrl` or `transport`, or the chain carries its gateway URL from `defineSigilChain`) and
 * sponsored by the connection's `policyId`, its sponsorship requests stamped by the user's session (so
 * `signed-in` policies admit the user). The owner is the
 * signer's viem account. One client is kept per chain and type (asked again with the same parameters,
 * the same client comes back); the store's `accounts[chainId][type]` follows it: `INITIALIZING` (or
 * `RECONNECTING` for an account known from before), then `READY` with the address, or `ERROR`.
 * Waits for the signer to restore a stored session; throws `NotAuthenticatedError` when nobody is signed in.
 * The smart-account code (`@sigil/accounts`, viem's public and bundler clients) is loaded on the first
 * call, so an app downloads it only once someone asks for a smart account (apps/demo/bench/README.md).
 *
 * @example
 * const client = await getSmartAccountClient(config, { type: 'LightAccount' })
 * const hash = await client.sendUserOperation({ calls: [{ to, value: 0n }] })
 */
export async function getSmartAccountClient<type extends SmartAccountType>(
  config: SigilConfig,
  parameters: GetSmartAccountClientParameters<type>,
): Promise<GetSmartAccountClientReturnType<type>> {
  const { type, accountParams, pollingInterval, clientOptions } = parameters
  const signer = requireSigner(config)
  // After a reload the store knows the user before the signer has restored its session.
  await signer.ready
  const owner = signer.toViemAccount()
  const { store } = config
  const { chain, connections, accounts } = store.getState()
  const connection = connections[chain.id]!
  const slot = `${chain.id}:${type}`
  const policyId =
    parameters.policyId === undefined ? connection.policyId : (parameters.policyId ?? undefined)
  const key = toStableJson(
    [owner.address, accountParams, pollingInterval, policyId, clientOptions].map((each) => each ?? null),
  )
  const cache = smartAccountClientCache(config)
  const record = accounts[chain.id]?.[type]
  const known = record?.owner === owner.address ? record : undefined
  const cached = cache.get(slot)
  // A record that is gone (a disconnect) or belongs to another owner drops the client too.
  if (cached && cached.key === key && known)
    return cached.client as Promise<GetSmartAccountClientReturnType<type>>

  // A client finished after a sign-out (the record is gone) or after a newer request is not written.
  const isCurrent = () =>
    cache.get(slot)?.client === client && store.getState().accounts[chain.id]?.[type]?.owner === owner.address
  const client = import('../smartAccounts/createSmartAccountClientFor.js')
    .then(({ createSmartAccountClientFor }) =>
      createSmartAccountClientFor(config, {
        type,
        accountParams,
        owner,
        connection: { ...connection, policyId },
        pollingInterval,
        clientOptions,
        stamper: (body) => stampGatewayRequest(signer, body),
      }),
    )
    .then(
      (built) => {
        if (isCurrent())
          setSmartAccountState(store, chain.id, type, {
            status: 'READY',
            address: built.account.address,
            owner: owner.address,
            error: undefined,
          })
        return built
      },
      (error: unknown) => {
        if (isCurrent()) {
          cache.delete(slot)
          const { name, message } = error instanceof Error ? error : new Error(String(error))
          setSmartAccountState(store, chain.id, type, {
            status: 'ERROR',
            address: known?.address,
            owner: owner.address,
            error: { name, message },
          })
        }
        throw error
      },
    )
  cache.set(slot, { key, client })
  setSmartAccountState(store, chain.id, type, {
    status: known?.address ? 'RECONNECTING' : 'INITIALIZING',
    address: known?.address,
    owner: owner.address,
    error: undefined,
  })
  return client
}
