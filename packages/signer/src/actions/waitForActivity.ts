import type { ActivityResponse, V1Activity } from '@sigil/protocol'
import type { SignerClient } from '../client/SignerClient.js'
import { SignerError } from '../errors/SignerError.js'
import { requestPublicApi } from './requestPublicApi.js'

export type WaitForActivityParameters = {
  /** The activity as submitted; answered at once if it is already completed. */
  activity: V1Activity
  /** Default 500 ms (docs/account-kit.md#constants). */
  pollingIntervalMs?: number | undefined
}

const failedStatuses = new Set([
  'ACTIVITY_STATUS_FAILED',
  'ACTIVITY_STATUS_REJECTED',
  'ACTIVITY_STATUS_CONSENSUS_NEEDED',
])

/**
 * Polls a submitted activity with stamped `query/get_activity` calls every 500 ms, without a limit,
 * until it is `ACTIVITY_STATUS_COMPLETED`, and answers it. A failed, rejected or
 * consensus-needed activity throws `'Failed to get activity with with id <id> (status: <status>)'`
 * (docs/account-kit.md#signer, wording kept).
 *
 * @example
 * const { activity } = await requestPublicApi<ActivityResponse>(signer, 'submit/create_authenticators', body)
 * const completed = await waitForActivity(signer, { activity })
 */
export async function waitForActivity(
  client: Pick<SignerClient, 'fetch' | 'stampRequest'>,
  { activity, pollingIntervalMs = 500 }: WaitForActivityParameters,
): Promise<V1Activity> {
  let current = activity
  for (;;) {
    if (current.status === 'ACTIVITY_STATUS_COMPLETED') return current
    if (failedStatuses.has(current.status))
      throw new SignerError(`Failed to get activity with with id ${current.id} (status: ${current.status})`)
    await new Promise((resolve) => setTimeout(resolve, pollingIntervalMs))
    ;({ activity: current } = await requestPublicApi<ActivityResponse>(client, 'query/get_activity', {
      organizationId: current.organizationId,
      activityId: current.id,
    }))
  }
}
