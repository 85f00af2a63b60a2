import { describe, expect, expectTypeOf, test } from 'vitest'
import { type ActivityPath, activityTypes, type QueryName, queryNames } from './activityTypes.js'
import type { ActivityParameters, ActivityRequestOf, Queries, QueryRequest } from './requests.js'

describe('ActivityParameters', () => {
  test('default', () => {
    expectTypeOf<keyof ActivityParameters>().toEqualTypeOf<ActivityPath>()
    expectTypeOf<keyof Queries>().toEqualTypeOf<QueryName>()
    expect(Object.keys(activityTypes)).toHaveLength(16)
    expect(queryNames).toHaveLength(13)
  })

  test('behavior: a request names one of its path’s types', () => {
    const body: ActivityRequestOf<'delete_api_keys'> = {
      type: 'ACTIVITY_TYPE_DELETE_API_KEYS',
      timestampMs: '1735689600000',
      organizationId: 'org',
      parameters: { userId: 'user', apiKeyIds: ['key'] },
    }
    expect(Object.keys(activityTypes.delete_api_keys)).toContain(body.type)
    expectTypeOf<ActivityRequestOf<'create_api_keys'>['type']>().toEqualTypeOf<
      'ACTIVITY_TYPE_CREATE_API_KEYS_V2' | 'ACTIVITY_TYPE_CREATE_API_KEYS'
    >()
    expectTypeOf<QueryRequest<'get_wallet'>>().toEqualTypeOf<{ organizationId: string; walletId: string }>()
  })
})
