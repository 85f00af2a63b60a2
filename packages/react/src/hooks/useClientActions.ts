import {
  type ClientActions,
  type ExecuteClientActionReturnType,
  executeClientAction,
  type SmartAccountClient,
} from '@sigil/core'
import { useMutation } from '@tanstack/react-query'
import { SmartAccountClientNotReadyError } from '../context/errors/SmartAccountClientNotReadyError.js'

/** One call of `executeAction`: the decorator's action name and its argument. */
export type ExecuteActionVariables<
  actions extends ClientActions,
  functionName extends keyof ReturnType<actions> & string,
> = {
  functionName: functionName
  args: Parameters<ReturnType<actions>[functionName]>[0]
}

export type UseClientActionsParameters<actions extends ClientActions> = {
  /** The client the actions run on (`useSmartAccountClient`); running without one throws. */
  client: SmartAccountClient | undefined
  /** A client decorator, as `client.extend` takes. */
  actions: actions
}

export type UseClientActionsReturnType<actions extends ClientActions> = {
  executeAction: <functionName extends keyof ReturnType<actions> & string>(
    variables: ExecuteActionVariables<actions, functionName>,
  ) => void
  executeActionAsync: <functionName extends keyof ReturnType<actions> & string>(
    variables: ExecuteActionVariables<actions, functionName>,
  ) => Promise<ExecuteClientActionReturnType<actions, functionName>>
  /** The last action's result. */
  data: unknown
  isExecutingAction: boolean
  error: Error | null
}

/**
 * Runs actions of a client decorator on a smart-account client (docs/account-kit.md#react
 * `useClientActions`; core `executeClientAction`), for the actions the client does not carry itself.
 *
 * @example
 * const { client } = useSmartAccountClient({ type: 'LightAccount' })
 * const { executeActionAsync } = useClientActions({ client, actions: (c) => ({ owner: () => c.account.getOwner() }) })
 * const owner = await executeActionAsync({ functionName: 'owner', args: undefined })
 */
export function useClientActions<actions extends ClientActions>({
  client,
  actions,
}: UseClientActionsParameters<actions>): UseClientActionsReturnType<actions> {
  const { mutate, mutateAsync, data, isPending, error } = useMutation({
    mutationKey: ['executeAction'],
    mutationFn: ({
      functionName,
      args,
    }: ExecuteActionVariables<actions, keyof ReturnType<actions> & string>) => {
      if (!client) throw new SmartAccountClientNotReadyError()
      return executeClientAction(client, { actions, functionName, args })
    },
  })
  return {
    executeAction: mutate,
    executeActionAsync: mutateAsync as UseClientActionsReturnType<actions>['executeActionAsync'],
    data,
    isExecutingAction: isPending,
    error,
  }
}
