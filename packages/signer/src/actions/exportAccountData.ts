import type { AccountData } from '@sigil/protocol'
import type { SignerClient } from '../client/SignerClient.js'
import { request } from '../transport/request.js'
import { stampMfaRequest } from './stampMfaRequest.js'

/**
 * What the server holds about the signed-in user, as JSON (`/v1/export-account-data`, marker
 * `export_account_data`; docs/protocol.md, "Deleting an account"): the user's name, email and phone,
 * proven emails, sign-in identities, passkeys, keys and sessions (public parts), factors, wallets and
 * addresses, and the activity log. No seed or private key: those leave only through the export frame.
 *
 * @example
 * const data = await exportAccountData(signer)
 */
export function exportAccountData(client: SignerClient): Promise<AccountData> {
  return stampMfaRequest(client, 'export_account_data').then((stampedRequest) =>
    request(client, '/v1/export-account-data', { stampedRequest }),
  )
}
