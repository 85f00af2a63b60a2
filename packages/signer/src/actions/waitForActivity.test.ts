import type { ActivityStatus, V1Activity } from '@sigil/protocol'
import { expect, test } from 'vitest'
import { waitForActivity } from './waitForActivity.js'

const activity = (status: ActivityStatus) =>
  ({ id: 'activity-1', organizationId: 'org-1', status }) as V1Activity

/** A signer stand-in whose key API answers `get_activity` with `statuses` in turn. */
function createPollingSigner(statuses: ActivityStatus[]) {
  const bodies: unknown[] = []
  const signer = {
    stampRequest: async (path: string, body: Record<string, unknown>) => ({
      body: JSON.stringify(body),
      stamp: { stampHeaderName: 'X-Stamp', stampHeaderValue: 'stamp' },
      url: `http://sigil.test/public/v1/${path}`,
    }),
    fetch: async (url: RequestInfo | URL, init?: RequestInit) => {
      expect(String(url)).toBe('http://sigil.test/public/v1/query/get_activity')
      bodies.push(JSON.parse(String(init?.body)))
      return Response.json({ activity: activity(statuses.shift()!) })
    },
  }
  return { signer, bodies }
}

test('default: a completed activity is answered without polling', async () => {
  const { signer, bodies } = createPollingSigner([])
  const done = activity('ACTIVITY_STATUS_COMPLETED')
  expect(await waitForActivity(signer, { activity: done })).toBe(done)
  expect(bodies).toEqual([])
})

test('behavior: polls get_activity until the activity completes', async () => {
  const { signer, bodies } = createPollingSigner(['ACTIVITY_STATUS_PENDING', 'ACTIVITY_STATUS_COMPLETED'])
  const completed = await waitForActivity(signer, {
    activity: activity('ACTIVITY_STATUS_CREATED'),
    pollingIntervalMs: 1,
  })
  expect(completed.status).toBe('ACTIVITY_STATUS_COMPLETED')
  expect(bodies).toEqual([
    { organizationId: 'org-1', activityId: 'activity-1' },
    { organizationId: 'org-1', activityId: 'activity-1' },
  ])
})

test('error: a failed activity', async () => {
  const { signer } = createPollingSigner(['ACTIVITY_STATUS_REJECTED'])
  await expect(
    waitForActivity(signer, { activity: activity('ACTIVITY_STATUS_PENDING'), pollingIntervalMs: 1 }),
  ).rejects.toThrow('Failed to get activity with with id activity-1 (status: ACTIVITY_STATUS_REJECTED)')
})
