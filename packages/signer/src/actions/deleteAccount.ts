import type { MultiFactorProof } from '@sigil/protocol'
import type { SignerClient } from '../client/SignerClient.js'
import { request } from '../transport/request.js'
import { disconnect } from './disconnect.js'
import { stampMfaRequest } from './stampMfaRequest.js'

export type DeleteAccountParameters = {
  /** A current TOTP code (or an unused recovery code) when the user has two-factor: the MFA gate. */
  multiFactors?: MultiFactorProof[] | undefined
}

/**
 * Deletes the signed-in user's account for good (`/v1/delete-account`, marker `delete_account`,
 * Sigil's extension; docs/protocol.md, "Deleting an account"): the wallet's seed and keys, passkeys,
 * sessions, factors, emails and sign-in identities are erased on the server, and the email or
 * provider account can sign up again as a new user. Funds left at the addresses become unreachable
 * unless the wallet was exported first. Needs a sign-in at most 5 minutes old
 * (`FRESH_SIGN_IN_REQUIRED` otherwise) and, with two-factor, `multiFactors` (`MfaRequiredError`
 * otherwise). Signs out here once done.
 *
 * @example
 * await deleteAccount(signer, { multiFactors: [{ multiFactorId, multiFactorCode: '123456' }] })
 */
export async function deleteAccount(
  client: SignerClient,
  { multiFactors }: DeleteAccountParameters = {},
): Promise<void> {
  const stampedRequest = await stampMfaRequest(client, 'delete_account')
  await request(client, '/v1/delete-account', { stampedRequest, ...(multiFactors ? { multiFactors } : {}) })
  await disconnect(client)
}
