import type { Transaction } from 'kysely'
import type { App } from '../apps/App.js'
import { createId } from '../ids/createId.js'
import { prepareWallet } from '../kms/wallets/prepareWallet.js'
import type { SigilContext } from '../SigilContext.js'
import type { Database } from '../store/schema.js'
import { defaultWalletAccounts } from './defaultWalletAccounts.js'
import { recordOauthIdentity } from './recordOauthIdentity.js'
import { recordProvenEmail } from './recordProvenEmail.js'
import type { StoredOauthProvider } from './StoredOauthProvider.js'

export type { StoredOauthProvider } from './StoredOauthProvider.js'

export type CreateUserAccountParameters = {
  app: App
  /** Lower-cased. Stored as the user's email; unproven unless `emailProvenBy` is given. */
  email?: string | undefined
  /**
   * How `email` was proven right now (`oauth:<provider id>`): the email becomes the user's identity
   * in the same transaction, or the whole sign-up fails with `EMAIL_ALREADY_PROVEN` when another user
   * of the app holds it. Omitted: the email is stored unproven (a passkey sign-up's, an email sign-up
   * before its code is used) and no sign-in finds the user by it.
   */
  emailProvenBy?: string | undefined
  /** E.164. Stored as the user's phone number, unproven (an SMS sign-up before its code is used). */
  phone?: string | undefined
  /** Shown as the user name; defaults to the email. */
  userName?: string | undefined
  oauthProviders?: StoredOauthProvider[]
  /** Ids chosen by the caller (when credentials are prepared for them first); new ones otherwise. */
  ids?: { organizationId: string; userId: string }
  /** More rows to write in the same transaction (passkey credentials). */
  writeCredentials?: (trx: Transaction<Database>) => Promise<void>
}

export type UserAccount = {
  organizationId: string
  userId: string
  address: `0x${string}`
  solanaAddress: string
}

const signupLocks = new Map<string, Promise<unknown>>()

/**
 * Signs a user up: a sub-organization of the root for `app`, its user, and a wallet with one EVM
 * and one Solana account, written atomically together with an audit activity. The email is an
 * identity only with `emailProvenBy` (the database's unique index, not a lock, keeps it to one user
 * per app); {@link withSignupLock} only spares one process duplicate work.
 *
 * @example
 * const account = await createUserAccount(ctx, { app, email: 'ada@example.com' })
 */
export async function createUserAccount(
  ctx: SigilContext,
  parameters: CreateUserAccountParameters,
): Promise<UserAccount> {
  const now = ctx.now()
  const organizationId = parameters.ids?.organizationId ?? createId()
  const userId = parameters.ids?.userId ?? createId()
  const wallet = prepareWallet(ctx, {
    organizationId,
    now,
    wallet: { walletName: 'Default wallet', accounts: [...defaultWalletAccounts] },
  })
  const userName = parameters.userName ?? parameters.email ?? parameters.phone ?? `user-${userId.slice(-12)}`
  const activityId = createId()
  await ctx.batcher.run(async (trx) => {
    await trx
      .insertInto('organizations')
      .values({
        id: organizationId,
        name: `${userName} (${parameters.app.name})`,
        parent_id: ctx.rootOrganizationId,
        app_id: parameters.app.id,
        root_quorum_threshold: 1,
        root_user_ids: JSON.stringify([userId]),
        created_at: now,
        updated_at: now,
      })
      .execute()
    await trx
      .insertInto('users')
      .values({
        id: userId,
        organization_id: organizationId,
        name: userName,
        email: parameters.email ?? null,
        phone_number: parameters.phone ?? null,
        oauth_providers: JSON.stringify(parameters.oauthProviders ?? []),
        created_at: now,
        updated_at: now,
      })
      .execute()
    if (parameters.email && parameters.emailProvenBy)
      await recordProvenEmail(trx, {
        appId: parameters.app.id,
        email: parameters.email,
        userId,
        now,
        how: parameters.emailProvenBy,
      })
    for (const provider of parameters.oauthProviders ?? [])
      await recordOauthIdentity(trx, { appId: parameters.app.id, userId, provider })
    await parameters.writeCredentials?.(trx)
    await wallet.write(trx)
    await trx
      .insertInto('activities')
      .values({
        id: activityId,
        organization_id: ctx.rootOrganizationId,
        type: 'ACTIVITY_TYPE_CREATE_SUB_ORGANIZATION_V8',
        status: 'ACTIVITY_STATUS_COMPLETED',
        intent: JSON.stringify({
          createSubOrganizationIntentV8: {
            subOrganizationName: userName,
            appId: parameters.app.id,
            via: 'signer',
          },
        }),
        result: JSON.stringify({
          createSubOrganizationResultV8: {
            subOrganizationId: organizationId,
            wallet: { walletId: wallet.walletId, addresses: wallet.addresses },
            rootUserIds: [userId],
          },
        }),
        failure: null,
        fingerprint: `sigil:signup:${activityId}`,
        user_id: null,
        created_at: now,
        updated_at: now,
      })
      .execute()
  })
  return {
    organizationId,
    userId,
    address: wallet.addresses[0]! as `0x${string}`,
    solanaAddress: wallet.addresses[1]!,
  }
}

/**
 * Runs `work` while no other work for the same key runs in this process (signup of one email). A
 * nicety against duplicate work only: identities are kept unique by the database, which also holds
 * across server instances.
 *
 * @example
 * await withSignupLock(`${app.id}:${email}`, () => signUpOrFind())
 */
export async function withSignupLock<T>(key: string, work: () => Promise<T>): Promise<T> {
  const previous = signupLocks.get(key) ?? Promise.resolve()
  const current = previous.catch(() => undefined).then(work)
  signupLocks.set(key, current)
  try {
    return await current
  } finally {
    if (signupLocks.get(key) === current) signupLocks.delete(key)
  }
}
