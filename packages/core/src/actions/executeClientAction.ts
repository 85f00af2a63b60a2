import { CoreError } from '../errors/CoreError.js'

/** A client decorator, as viem's `client.extend` takes: the client in, named actions out. */
// biome-ignore lint/suspicious/noExplicitAny: decorators take and return any action shapes
export type ClientActions<client = any> = (client: client) => Record<string, (...args: any[]) => unknown>

export type ExecuteClientActionParameters<
  actions extends ClientActions,
  functionName extends keyof ReturnType<actions> & string,
> = {
  /** The decorator whose action runs (e.g. a plugin's `…Actions`). */
  actions: actions
  functionName: functionName
  /** The action's one argument. */
  args: Parameters<ReturnType<actions>[functionName]>[0]
}

export type ExecuteClientActionReturnType<
  actions extends ClientActions,
  functionName extends keyof ReturnType<actions> & string,
> = Awaited<ReturnType<ReturnType<actions>[functionName]>>

/**
 * Runs one action of a client decorator on `client` (docs/account-kit.md#react `useClientActions`):
 * `actions(client)[functionName](args)`, as `client.extend(actions)` would. Throws `CoreError`
 * (`Action <name> not found`) when the decorator has no such action.
 *
 * @example
 * const owners = await executeClientAction(client, { actions: ownerActions, functionName: 'readOwners', args: {} })
 */
export async function executeClientAction<
  client,
  actions extends ClientActions<client>,
  functionName extends keyof ReturnType<actions> & string,
>(
  client: client,
  { actions, functionName, args }: ExecuteClientActionParameters<actions, functionName>,
): Promise<ExecuteClientActionReturnType<actions, functionName>> {
  const action = actions(client)[functionName]
  if (typeof action !== 'function') throw new CoreError(`Action ${functionName} not found`)
  return (await action(args)) as ExecuteClientActionReturnType<actions, functionName>
}
