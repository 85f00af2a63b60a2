import type { QueryName } from '@sigil/protocol'
import type { QueryDefinition } from './defineQuery.js'
import { getActivityQuery } from './getActivity.js'
import { getApiKeysQuery } from './getApiKeys.js'
import { getAuthenticatorsQuery } from './getAuthenticators.js'
import { getOrganizationQuery } from './getOrganization.js'
import { getUserQuery } from './getUser.js'
import { getWalletQuery } from './getWallet.js'
import { getWalletAccountQuery } from './getWalletAccount.js'
import { listActivitiesQuery } from './listActivities.js'
import { listSubOrgsQuery } from './listSubOrgs.js'
import { listUsersQuery } from './listUsers.js'
import { listWalletAccountsQuery } from './listWalletAccounts.js'
import { listWalletsQuery } from './listWallets.js'
import { whoamiQuery } from './whoami.js'

/** Every `/public/v1/query/<name>` Sigil serves, by name. */
export const queries: Record<QueryName, QueryDefinition> = {
  whoami: whoamiQuery,
  get_organization: getOrganizationQuery,
  list_wallets: listWalletsQuery,
  get_wallet: getWalletQuery,
  list_wallet_accounts: listWalletAccountsQuery,
  get_wallet_account: getWalletAccountQuery,
  get_authenticators: getAuthenticatorsQuery,
  get_api_keys: getApiKeysQuery,
  get_activity: getActivityQuery,
  list_activities: listActivitiesQuery,
  get_user: getUserQuery,
  list_users: listUsersQuery,
  list_suborgs: listSubOrgsQuery,
}
