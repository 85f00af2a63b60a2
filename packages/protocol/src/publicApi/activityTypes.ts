/**
 * The activities of `/public/v1/submit/<name>`: the `type` strings each path accepts, and for every
 * type the key its parameters take inside `activity.intent` and the key of its `activity.result`.
 * Result keys are not regular; they come from Turnkey's API as listed in
 * docs/protocol.md#public-api, not from a rule.
 */
export const activityTypes = {
  create_sub_organization: {
    ACTIVITY_TYPE_CREATE_SUB_ORGANIZATION_V8: {
      intentKey: 'createSubOrganizationIntentV8',
      resultKey: 'createSubOrganizationResultV8',
    },
    ACTIVITY_TYPE_CREATE_SUB_ORGANIZATION_V7: {
      intentKey: 'createSubOrganizationIntentV7',
      resultKey: 'createSubOrganizationResultV7',
    },
  },
  create_wallet: {
    ACTIVITY_TYPE_CREATE_WALLET: { intentKey: 'createWalletIntent', resultKey: 'createWalletResult' },
  },
  create_wallet_accounts: {
    ACTIVITY_TYPE_CREATE_WALLET_ACCOUNTS: {
      intentKey: 'createWalletAccountsIntent',
      resultKey: 'createWalletAccountsResult',
    },
  },
  create_api_keys: {
    ACTIVITY_TYPE_CREATE_API_KEYS_V2: {
      intentKey: 'createApiKeysIntentV2',
      resultKey: 'createApiKeysResult',
    },
    ACTIVITY_TYPE_CREATE_API_KEYS: { intentKey: 'createApiKeysIntent', resultKey: 'createApiKeysResult' },
  },
  delete_api_keys: {
    ACTIVITY_TYPE_DELETE_API_KEYS: { intentKey: 'deleteApiKeysIntent', resultKey: 'deleteApiKeysResult' },
  },
  create_read_write_session: {
    ACTIVITY_TYPE_CREATE_READ_WRITE_SESSION_V2: {
      intentKey: 'createReadWriteSessionIntentV2',
      resultKey: 'createReadWriteSessionResultV2',
    },
  },
  create_authenticators: {
    ACTIVITY_TYPE_CREATE_AUTHENTICATORS_V2: {
      intentKey: 'createAuthenticatorsIntentV2',
      resultKey: 'createAuthenticatorsResult',
    },
  },
  sign_raw_payload: {
    ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2: {
      intentKey: 'signRawPayloadIntentV2',
      resultKey: 'signRawPayloadResult',
    },
  },
  sign_raw_payloads: {
    ACTIVITY_TYPE_SIGN_RAW_PAYLOADS: {
      intentKey: 'signRawPayloadsIntent',
      resultKey: 'signRawPayloadsResult',
    },
  },
  sign_transaction: {
    ACTIVITY_TYPE_SIGN_TRANSACTION_V2: {
      intentKey: 'signTransactionIntentV2',
      resultKey: 'signTransactionResult',
    },
  },
  export_wallet: {
    ACTIVITY_TYPE_EXPORT_WALLET: { intentKey: 'exportWalletIntent', resultKey: 'exportWalletResult' },
  },
  export_wallet_account: {
    ACTIVITY_TYPE_EXPORT_WALLET_ACCOUNT: {
      intentKey: 'exportWalletAccountIntent',
      resultKey: 'exportWalletAccountResult',
    },
  },
  init_import_wallet: {
    ACTIVITY_TYPE_INIT_IMPORT_WALLET: {
      intentKey: 'initImportWalletIntent',
      resultKey: 'initImportWalletResult',
    },
  },
  import_wallet: {
    ACTIVITY_TYPE_IMPORT_WALLET: { intentKey: 'importWalletIntent', resultKey: 'importWalletResult' },
  },
  init_import_private_key: {
    ACTIVITY_TYPE_INIT_IMPORT_PRIVATE_KEY: {
      intentKey: 'initImportPrivateKeyIntent',
      resultKey: 'initImportPrivateKeyResult',
    },
  },
  import_private_key: {
    ACTIVITY_TYPE_IMPORT_PRIVATE_KEY: {
      intentKey: 'importPrivateKeyIntent',
      resultKey: 'importPrivateKeyResult',
    },
  },
} as const satisfies Record<string, Record<string, { intentKey: string; resultKey: string }>>

export type ActivityPath = keyof typeof activityTypes
export type ActivityType = {
  [path in ActivityPath]: keyof (typeof activityTypes)[path]
}[ActivityPath]

/** The query names served under `/public/v1/query/<name>`. */
export const queryNames = [
  'whoami',
  'get_organization',
  'list_wallets',
  'get_wallet',
  'list_wallet_accounts',
  'get_wallet_account',
  'get_authenticators',
  'get_api_keys',
  'get_activity',
  'list_activities',
  'get_user',
  'list_users',
  'list_suborgs',
] as const
export type QueryName = (typeof queryNames)[number]

/** Statuses after which an activity never changes again. */
export const terminalActivityStatuses = [
  'ACTIVITY_STATUS_COMPLETED',
  'ACTIVITY_STATUS_FAILED',
  'ACTIVITY_STATUS_REJECTED',
] as const
