import type { ActivityPath } from '@sigil/protocol'
import { createApiKeysActivity } from './createApiKeys.js'
import { createAuthenticatorsActivity } from './createAuthenticators.js'
import { createReadWriteSessionActivity } from './createReadWriteSession.js'
import { createSubOrganizationActivity } from './createSubOrganization.js'
import { createWalletActivity } from './createWallet.js'
import { createWalletAccountsActivity } from './createWalletAccounts.js'
import type { ActivityDefinition } from './defineActivity.js'
import { deleteApiKeysActivity } from './deleteApiKeys.js'
import { exportWalletActivity } from './exportWallet.js'
import { exportWalletAccountActivity } from './exportWalletAccount.js'
import { importPrivateKeyActivity } from './importPrivateKey.js'
import { importWalletActivity } from './importWallet.js'
import { initImportPrivateKeyActivity } from './initImportPrivateKey.js'
import { initImportWalletActivity } from './initImportWallet.js'
import { signRawPayloadActivity } from './signRawPayload.js'
import { signRawPayloadsActivity } from './signRawPayloads.js'
import { signTransactionActivity } from './signTransaction.js'

/** Every `/public/v1/submit/<path>` Sigil serves, by path. */
export const activities: Record<ActivityPath, ActivityDefinition> = {
  create_sub_organization: createSubOrganizationActivity,
  create_wallet: createWalletActivity,
  create_wallet_accounts: createWalletAccountsActivity,
  create_api_keys: createApiKeysActivity,
  delete_api_keys: deleteApiKeysActivity,
  create_authenticators: createAuthenticatorsActivity,
  create_read_write_session: createReadWriteSessionActivity,
  sign_raw_payload: signRawPayloadActivity,
  sign_raw_payloads: signRawPayloadsActivity,
  sign_transaction: signTransactionActivity,
  export_wallet: exportWalletActivity,
  export_wallet_account: exportWalletAccountActivity,
  init_import_wallet: initImportWalletActivity,
  import_wallet: importWalletActivity,
  init_import_private_key: initImportPrivateKeyActivity,
  import_private_key: importPrivateKeyActivity,
}
