import type { V1OauthProvider, V1User } from '@sigil/protocol'
import type { Kysely } from 'kysely'
import type { Database } from '../../store/schema.js'
import { toTimestamp } from './toTimestamp.js'
import { toV1ApiKey } from './toV1ApiKey.js'
import { toV1Authenticator } from './toV1Authenticator.js'

type StoredOauthProvider = Omit<V1OauthProvider, 'createdAt' | 'updatedAt'> & { createdAt: number }

/**
 * Loads users of an organization as `v1User`, each with its API keys and authenticators
 * (three queries, whatever the number of users).
 *
 * @example
 * const [user] = await loadV1Users(db, { organizationId, userIds: [userId] })
 */
export async function loadV1Users(
  db: Kysely<Database>,
  { organizationId, userIds }: { organizationId: string; userIds?: string[] },
): Promise<V1User[]> {
  if (userIds && userIds.length === 0) return []
  let usersQuery = db.selectFrom('users').selectAll().where('organization_id', '=', organizationId)
  if (userIds) usersQuery = usersQuery.where('id', 'in', userIds)
  const users = await usersQuery.orderBy('created_at').orderBy('id').execute()
  if (users.length === 0) return []
  const ids = users.map((user) => user.id)
  const [apiKeys, authenticators] = await Promise.all([
    db.selectFrom('api_keys').selectAll().where('user_id', 'in', ids).orderBy('created_at').execute(),
    db.selectFrom('authenticators').selectAll().where('user_id', 'in', ids).orderBy('created_at').execute(),
  ])
  return users.map((user) => {
    const v1User: V1User = {
      userId: user.id,
      userName: user.name,
      authenticators: authenticators.filter((row) => row.user_id === user.id).map(toV1Authenticator),
      apiKeys: apiKeys.filter((row) => row.user_id === user.id).map(toV1ApiKey),
      userTags: [],
      oauthProviders: (JSON.parse(user.oauth_providers) as StoredOauthProvider[]).map((provider) => ({
        ...provider,
        createdAt: toTimestamp(provider.createdAt),
        updatedAt: toTimestamp(provider.createdAt),
      })),
      createdAt: toTimestamp(user.created_at),
      updatedAt: toTimestamp(user.updated_at),
      mfaPolicies: [],
    }
    if (user.email) v1User.userEmail = user.email
    if (user.phone_number) v1User.userPhoneNumber = user.phone_number
    return v1User
  })
}
