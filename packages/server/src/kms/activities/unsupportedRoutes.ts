import { ApiError } from '../../http/errors/ApiError.js'

/**
 * Routes of Turnkey's API that `@turnkey/sdk-server`, `@turnkey/http`, `@turnkey/viem` and
 * `@turnkey/ethers` call for wallets, accounts, signing and export, which Sigil does not serve, each
 * with why and what to use instead (docs/protocol.md#turnkey-api-coverage). They are refused with
 * 400 `UNSUPPORTED_ACTIVITY` / `UNSUPPORTED_QUERY` naming the route, instead of an unknown-route 404.
 */
export const unsupportedActivities: Record<string, string> = {
  create_private_keys:
    'Sigil generates keys only as HD wallet accounts; use create_wallet or create_wallet_accounts (or import_private_key for a key you have)',
  delete_private_keys: 'Sigil has no standalone private keys',
  export_private_key: 'Sigil has no standalone private keys; use export_wallet_account',
  update_wallet: 'wallets keep the name they were created with',
  delete_wallets: 'Sigil never deletes wallets: their addresses stay valid for signing; export them instead',
  delete_wallet_accounts: 'Sigil never deletes wallet accounts; export them instead',
  export_secrets: 'Sigil keeps no secrets other than wallets; use export_wallet',
  import_secrets: 'Sigil does not import secrets',
  eth_send_transaction:
    'Sigil does not broadcast; sign with sign_transaction and send through the /rpc gateway',
  sol_send_transaction:
    'Sigil does not broadcast; sign with sign_transaction and send through the /rpc gateway',
  eth_undelegate_7702: 'Sigil does not broadcast; sign the transaction with sign_transaction',
}

/** Queries refused the same way (see {@link unsupportedActivities}). */
export const unsupportedQueries: Record<string, string> = {
  get_private_key:
    'Sigil has no standalone private keys; give @turnkey/viem and @turnkey/ethers the account address as signWith',
  list_private_keys: 'Sigil has no standalone private keys; use list_wallet_accounts',
  get_wallet_address_balances: 'Sigil does not index balances; ask the /rpc gateway',
  get_nonces: 'Sigil does not track nonces; ask the /rpc gateway (eth_getTransactionCount)',
  get_send_transaction_status: 'Sigil does not broadcast transactions (see eth_send_transaction)',
}

/**
 * The answer to a `/public/v1/submit/<name>` or `/query/<name>` Sigil does not serve: 400 naming the
 * route as unsupported, with why, for the routes listed above; 404 `unknown …` for any other name.
 *
 * @example
 * throw unservedRouteError('submit', 'export_private_key')
 */
export function unservedRouteError(kind: 'submit' | 'query', name: string): ApiError {
  const reasons = kind === 'submit' ? unsupportedActivities : unsupportedQueries
  const noun = kind === 'submit' ? 'activity' : 'query'
  const route = `/public/v1/${kind}/${name}`
  if (!Object.hasOwn(reasons, name))
    return new ApiError('NOT_FOUND', `unknown ${noun}: ${route}`, { errorCode: 'NOT_FOUND' })
  return new ApiError('INVALID_ARGUMENT', `unsupported ${noun}: ${route}: ${reasons[name]}`, {
    errorCode: kind === 'submit' ? 'UNSUPPORTED_ACTIVITY' : 'UNSUPPORTED_QUERY',
  })
}
