import {
  type GetSmartAccountClientParameters,
  getSmartAccountClient,
  getSmartAccountState,
  type SmartAccountClientOfType,
  type SmartAccountType,
  watchSmartAccountClient,
} from '@sigil/core'
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react'
import type { Address } from 'viem'
import { useSigilContext } from '../context/useSigilContext.js'
import { useChain } from './useChain.js'
import { useUser } from './useUser.js'

export type UseSmartAccountClientParameters<type extends SmartAccountType = 'ModularAccountV2'> = Omit<
  GetSmartAccountClientParameters<type>,
  'type'
> & {
  /** The account type; default `ModularAccountV2`, as Account Kit's (docs/account-kit.md#react). */
  type?: type | undefined
}

export type UseSmartAccountClientReturnType<type extends SmartAccountType = 'ModularAccountV2'> = {
  /** The client, once built; `undefined` while building, signed out, or with an external wallet. */
  client: SmartAccountClientOfType<type> | undefined
  /** The account's address (known from the store before the client is rebuilt after a reload), or the external wallet's. */
  address: Address | undefined
  isLoadingClient: boolean
  error: Error | null
}

/** What the hook asked core for, and what came back. */
type Build = { request: string; client: unknown; error: Error | null }

/**
 * The signed-in user's smart account of `type` (default `ModularAccountV2`) on the active chain (core
 * `getSmartAccountClient`): built when the user is signed in, again when the chain, the user or the
 * parameters change. The hook keeps no client of its own across a sign-out: it follows the store's
 * record of the account, which a sign-out clears, and asks core again whenever the record is missing,
 * so after signing in again the same account is back with a new client, with no reload. With an
 * external wallet connected there is no smart account: `{ client: undefined, address: <wallet> }`.
 *
 * @example
 * const { client, address, isLoadingClient } = useSmartAccountClient({ type: 'LightAccount' })
 */
export function useSmartAccountClient<type extends SmartAccountType = 'ModularAccountV2'>(
  parameters: UseSmartAccountClientParameters<type> = {},
): UseSmartAccountClientReturnType<type> {
  const { config } = useSigilContext('useSmartAccountClient')
  const type = (parameters.type ?? 'ModularAccountV2') as type
  const { accountParams, pollingInterval, policyId, clientOptions } = parameters
  const user = useUser()
  const { chain } = useChain()
  const subscribe = useCallback(
    (onChange: () => void) => watchSmartAccountClient(config, { type })(onChange),
    [config, type],
  )
  const getSnapshot = useCallback(() => getSmartAccountState(config, { type }), [config, type])
  const record = useSyncExternalStore(subscribe, getSnapshot, getSnapshot)
  const owner = user?.type === 'sca' ? user.address : undefined
  // The record is the user's while it exists: a sign-out clears it, getSmartAccountClient writes it again.
  const hasRecord = owner !== undefined && record?.owner === owner
  const request =
    owner === undefined
      ? undefined
      : toKey([chain.id, type, owner, accountParams, pollingInterval, policyId, clientOptions])
  const latest = useRef({ type, accountParams, pollingInterval, policyId, clientOptions })
  latest.current = { type, accountParams, pollingInterval, policyId, clientOptions }
  const [build, setBuild] = useState<Build | undefined>(undefined)

  useEffect(() => {
    if (request === undefined) {
      setBuild(undefined)
      return
    }
    // No record (first use, a new sign-in, another chain): what was built before is not this session's.
    if (!hasRecord) setBuild(undefined)
    let cancelled = false
    getSmartAccountClient(config, latest.current).then(
      (client) => {
        if (!cancelled) setBuild({ request, client, error: null })
      },
      (error: unknown) => {
        if (!cancelled)
          setBuild({
            request,
            client: undefined,
            error: error instanceof Error ? error : new Error(String(error)),
          })
      },
    )
    return () => {
      cancelled = true
    }
  }, [config, request, hasRecord])

  if (user?.type === 'eoa')
    return { client: undefined, address: user.address, isLoadingClient: false, error: null }
  const built = request !== undefined && build?.request === request ? build : undefined
  const client = hasRecord ? (built?.client as SmartAccountClientOfType<type> | undefined) : undefined
  return {
    client,
    address: hasRecord ? (client?.account.address ?? record?.address) : undefined,
    isLoadingClient: request !== undefined && built === undefined,
    error: built?.error ?? null,
  }
}

/** The parameters as a key string (bigints, e.g. a salt, are not JSON). */
function toKey(parameters: unknown): string {
  return JSON.stringify(parameters, (_key, value: unknown) =>
    typeof value === 'bigint' ? `${value}n` : value,
  )
}
