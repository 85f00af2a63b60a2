import { type Kysely, type Selectable, sql } from 'kysely'
import { type BoundedCache, createBoundedCache } from '../../cache/createBoundedCache.js'
import { ApiError } from '../../http/errors/ApiError.js'
import type { SigilContext } from '../../SigilContext.js'
import { prepareQuery } from '../../store/prepareQuery.js'
import { queryParameter } from '../../store/queryParameter.js'
import type { Database, WalletAccountTable } from '../../store/schema.js'

const columns = ['id', 'curve', 'address', 'sealed_private_key', 'wallet_id'] as const

const findByAddress = prepareQuery((db) =>
  db
    .selectFrom('wallet_accounts')
    .select(columns)
    .where('organization_id', '=', queryParameter(0))
    .where('address', '=', queryParameter(1))
    .limit(1),
)

type SigningAccount = Pick<Selectable<WalletAccountTable>, (typeof columns)[number]>

/** Accounts found, per store, by organization and `signWith`. */
const caches = new WeakMap<Kysely<Database>, BoundedCache<string, SigningAccount>>()
const maxCachedAccounts = 10_000

/**
 * Finds the wallet account `signWith` names in an organization: its address (Ethereum addresses
 * match in any letter case) or its public key. A found account is kept in memory (bounded): wallet
 * accounts are only ever added, never changed or deleted, and what is kept is the row as stored (the
 * private key sealed by the vault).
 *
 * @example
 * const account = await findSigningAccount(ctx, { organizationId, signWith: '0xf39F…' })
 */
export async function findSigningAccount(
  ctx: SigilContext,
  { organizationId, signWith }: { organizationId: string; signWith: string },
): Promise<SigningAccount> {
  let cache = caches.get(ctx.store.db)
  if (!cache) {
    cache = createBoundedCache(maxCachedAccounts)
    caches.set(ctx.store.db, cache)
  }
  const cacheKey = `${organizationId}\n${signWith}`
  const cached = cache.get(cacheKey)
  if (cached) return cached

  let [account] = await findByAddress(ctx.store, [organizationId, signWith])
  const base = () =>
    ctx.store.db.selectFrom('wallet_accounts').select(columns).where('organization_id', '=', organizationId)
  if (!account && /^0x[0-9a-fA-F]{40}$/.test(signWith))
    account = await base().where(sql`lower(address)`, '=', signWith.toLowerCase()).executeTakeFirst()
  if (!account && /^(0x)?[0-9a-fA-F]{64,130}$/.test(signWith))
    account = await base()
      .where('public_key', '=', signWith.replace(/^0x/, '').toLowerCase())
      .executeTakeFirst()
  if (!account)
    throw new ApiError('NOT_FOUND', `no wallet account found for signWith: ${signWith}`, {
      errorCode: 'NOT_FOUND',
    })
  cache.set(cacheKey, account)
  return account
}
