import type { AccountData } from '@sigil/protocol'
import type { SigilContext } from '../../SigilContext.js'

const iso = (epochMs: number | bigint | string) => new Date(Number(epochMs)).toISOString()

/**
 * What the server holds about a user, as `/v1/export-account-data` answers it: the organization, the
 * user row (name, email, phone), proven emails and phone numbers, OAuth and custom-JWT identities,
 * passkeys, API keys and sessions, factors, multi-owner addresses, wallets with their accounts' public
 * addresses, the activity log (type, status, time) and reported key exports. Never a seed, private key
 * or factor secret.
 *
 * @example
 * const data = await readAccountData(ctx, { organizationId, userId })
 */
export async function readAccountData(
  ctx: SigilContext,
  { organizationId, userId }: { organizationId: string; userId: string },
): Promise<AccountData> {
  const db = ctx.store.db
  const organization = await db
    .selectFrom('organizations')
    .select(['id', 'name', 'created_at'])
    .where('id', '=', organizationId)
    .executeTakeFirstOrThrow()
  const user = await db
    .selectFrom('users')
    .select(['id', 'name', 'email', 'phone_number', 'oauth_providers', 'created_at'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow()
  const [
    emails,
    phones,
    jwtIdentities,
    passkeys,
    apiKeys,
    factors,
    owners,
    wallets,
    accounts,
    activities,
    keyExports,
  ] = await Promise.all([
    db
      .selectFrom('email_identities')
      .select(['email', 'proven_at', 'how'])
      .where('user_id', '=', userId)
      .execute(),
    db
      .selectFrom('phone_identities')
      .select(['phone', 'proven_at', 'how'])
      .where('user_id', '=', userId)
      .execute(),
    db
      .selectFrom('jwt_identities')
      .select(['issuer', 'subject', 'created_at'])
      .where('user_id', '=', userId)
      .execute(),
    db
      .selectFrom('authenticators')
      .select(['name', 'credential_id', 'created_at'])
      .where('user_id', '=', userId)
      .execute(),
    db
      .selectFrom('api_keys')
      .select(['name', 'public_key', 'curve_type', 'created_at', 'expires_at'])
      .where('user_id', '=', userId)
      .execute(),
    db
      .selectFrom('mfa_factors')
      .select(['type', 'verified', 'created_at'])
      .where('user_id', '=', userId)
      .execute(),
    db
      .selectFrom('multi_owner_members')
      .select(['evm_signer_address', 'created_at'])
      .where('user_id', '=', userId)
      .execute(),
    db
      .selectFrom('wallets')
      .select(['id', 'name', 'created_at'])
      .where('organization_id', '=', organizationId)
      .orderBy('created_at')
      .execute(),
    db
      .selectFrom('wallet_accounts')
      .select(['wallet_id', 'address', 'path', 'curve', 'address_format'])
      .where('organization_id', '=', organizationId)
      .orderBy('created_at')
      .execute(),
    db
      .selectFrom('activities')
      .select(['id', 'type', 'status', 'created_at'])
      .where('organization_id', '=', organizationId)
      .orderBy('created_at')
      .execute(),
    db
      .selectFrom('key_exports')
      .select(['activity_id', 'address', 'type', 'tracked_at'])
      .where('organization_id', '=', organizationId)
      .orderBy('tracked_at')
      .execute(),
  ])
  const oauthProviders = JSON.parse(user.oauth_providers) as {
    providerName: string
    issuer: string
    subject: string
    createdAt?: number
  }[]
  return {
    exportedAt: new Date(ctx.now()).toISOString(),
    organization: {
      organizationId: organization.id,
      name: organization.name,
      createdAt: iso(organization.created_at),
    },
    user: {
      userId: user.id,
      name: user.name,
      email: user.email,
      phoneNumber: user.phone_number,
      createdAt: iso(user.created_at),
    },
    emails: emails.map((row) => ({ email: row.email, provenAt: iso(row.proven_at), how: row.how })),
    phoneNumbers: phones.map((row) => ({
      phoneNumber: row.phone,
      provenAt: iso(row.proven_at),
      how: row.how,
    })),
    oauthProviders: oauthProviders.map((provider) => ({
      providerName: provider.providerName,
      issuer: provider.issuer,
      subject: provider.subject,
      createdAt: provider.createdAt === undefined ? null : iso(provider.createdAt),
    })),
    jwtIdentities: jwtIdentities.map((row) => ({
      issuer: row.issuer,
      subject: row.subject,
      createdAt: iso(row.created_at),
    })),
    passkeys: passkeys.map((row) => ({
      name: row.name,
      credentialId: row.credential_id,
      createdAt: iso(row.created_at),
    })),
    apiKeys: apiKeys.map((row) => ({
      name: row.name,
      publicKey: row.public_key,
      curveType: row.curve_type,
      createdAt: iso(row.created_at),
      expiresAt: row.expires_at === null ? null : iso(row.expires_at),
    })),
    multiFactors: factors.map((row) => ({
      multiFactorType: row.type,
      verified: Number(row.verified) === 1,
      createdAt: iso(row.created_at),
    })),
    ownerAddresses: owners.map((row) => ({
      address: row.evm_signer_address,
      createdAt: iso(row.created_at),
    })),
    wallets: wallets.map((wallet) => ({
      walletId: wallet.id,
      name: wallet.name,
      createdAt: iso(wallet.created_at),
      accounts: accounts
        .filter((account) => account.wallet_id === wallet.id)
        .map((account) => ({
          address: account.address,
          path: account.path,
          curve: account.curve,
          addressFormat: account.address_format,
        })),
    })),
    activities: activities.map((row) => ({
      activityId: row.id,
      type: row.type,
      status: row.status,
      createdAt: iso(row.created_at),
    })),
    keyExports: keyExports.map((row) => ({
      activityId: row.activity_id,
      address: row.address,
      type: row.type,
      trackedAt: iso(row.tracked_at),
    })),
  }
}
