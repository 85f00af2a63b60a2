import type { ActivityPath, activityTypes, QueryName } from './activityTypes.js'
import type {
  ActivityRequest,
  ActivityResponse,
  CreateApiKeysParameters,
  CreateAuthenticatorsParameters,
  CreateReadWriteSessionParameters,
  CreateSubOrganizationParameters,
  CreateWalletAccountsParameters,
  CreateWalletParameters,
  DeleteApiKeysParameters,
  ExportWalletAccountParameters,
  ExportWalletParameters,
  GetActivityRequest,
  GetApiKeysRequest,
  GetApiKeysResponse,
  GetAuthenticatorsRequest,
  GetAuthenticatorsResponse,
  GetOrganizationRequest,
  GetOrganizationResponse,
  GetUserRequest,
  GetUserResponse,
  GetWalletAccountRequest,
  GetWalletAccountResponse,
  GetWalletRequest,
  GetWalletResponse,
  ImportPrivateKeyParameters,
  ImportWalletParameters,
  InitImportPrivateKeyParameters,
  InitImportWalletParameters,
  ListActivitiesRequest,
  ListActivitiesResponse,
  ListSubOrgsRequest,
  ListSubOrgsResponse,
  ListUsersRequest,
  ListUsersResponse,
  ListWalletAccountsRequest,
  ListWalletAccountsResponse,
  ListWalletsRequest,
  ListWalletsResponse,
  SignRawPayloadParameters,
  SignRawPayloadsParameters,
  SignTransactionParameters,
  WhoamiRequest,
  WhoamiResponse,
} from './types.js'

/**
 * The `parameters` of each `/public/v1/submit/<path>` activity (docs/protocol.md#public-api): the
 * server's schemas are checked against these, and the SDK builds its requests from them.
 */
export type ActivityParameters = {
  create_sub_organization: CreateSubOrganizationParameters
  create_wallet: CreateWalletParameters
  create_wallet_accounts: CreateWalletAccountsParameters
  create_api_keys: CreateApiKeysParameters
  delete_api_keys: DeleteApiKeysParameters
  create_read_write_session: CreateReadWriteSessionParameters
  create_authenticators: CreateAuthenticatorsParameters
  sign_raw_payload: SignRawPayloadParameters
  sign_raw_payloads: SignRawPayloadsParameters
  sign_transaction: SignTransactionParameters
  export_wallet: ExportWalletParameters
  export_wallet_account: ExportWalletAccountParameters
  init_import_wallet: InitImportWalletParameters
  import_wallet: ImportWalletParameters
  init_import_private_key: InitImportPrivateKeyParameters
  import_private_key: ImportPrivateKeyParameters
}

/**
 * The body of `POST /public/v1/submit/<path>`: the envelope with one of the path's `type`s and its
 * parameters.
 *
 * @example
 * const body: ActivityRequestOf<'sign_raw_payload'> = {
 *   type: 'ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2',
 *   timestampMs: String(Date.now()),
 *   organizationId,
 *   parameters: { signWith, payload, encoding: 'PAYLOAD_ENCODING_HEXADECIMAL', hashFunction: 'HASH_FUNCTION_NO_OP' },
 * }
 */
export type ActivityRequestOf<path extends ActivityPath> = ActivityRequest<ActivityParameters[path]> & {
  type: keyof (typeof activityTypes)[path]
}

/** The body and the answer of each `/public/v1/query/<name>`. */
export type Queries = {
  whoami: { request: WhoamiRequest; response: WhoamiResponse }
  get_organization: { request: GetOrganizationRequest; response: GetOrganizationResponse }
  list_wallets: { request: ListWalletsRequest; response: ListWalletsResponse }
  get_wallet: { request: GetWalletRequest; response: GetWalletResponse }
  list_wallet_accounts: { request: ListWalletAccountsRequest; response: ListWalletAccountsResponse }
  get_wallet_account: { request: GetWalletAccountRequest; response: GetWalletAccountResponse }
  get_authenticators: { request: GetAuthenticatorsRequest; response: GetAuthenticatorsResponse }
  get_api_keys: { request: GetApiKeysRequest; response: GetApiKeysResponse }
  get_activity: { request: GetActivityRequest; response: ActivityResponse }
  list_activities: { request: ListActivitiesRequest; response: ListActivitiesResponse }
  get_user: { request: GetUserRequest; response: GetUserResponse }
  list_users: { request: ListUsersRequest; response: ListUsersResponse }
  list_suborgs: { request: ListSubOrgsRequest; response: ListSubOrgsResponse }
}

export type QueryRequest<name extends QueryName> = Queries[name]['request']
export type QueryResponse<name extends QueryName> = Queries[name]['response']
