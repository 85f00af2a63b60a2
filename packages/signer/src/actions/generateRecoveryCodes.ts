import type { MultiFactorProof } from '@sigil/protocol'
import type { SignerClient } from '../client/SignerClient.js'
import { request } from '../transport/request.js'
import { stampMfaRequest } from './stampMfaRequest.js'

export type GenerateRecoveryCodesParameters = {
  /** A current TOTP code of the user's factor (or one unused recovery code): the MFA gate. */
  multiFactors?: MultiFactorProof[] | undefined
}
export type GenerateRecoveryCodesReturnType = { recoveryCodes: string[] }

/**
 * Makes 10 new recovery codes that replace all earlier ones (`/v1/auth-generate-recovery-codes`,
 * marker `generate_recovery_codes`, Sigil's extension; docs/protocol.md, "Recovery codes"). Show
 * them at once: the server never shows them again. Without `multiFactors` this throws
 * `MfaRequiredError`.
 *
 * @example
 * const { recoveryCodes } = await generateRecoveryCodes(signer, {
 *   multiFactors: [{ multiFactorId, multiFactorCode: '123456' }],
 * })
 */
export async function generateRecoveryCodes(
  client: SignerClient,
  { multiFactors }: GenerateRecoveryCodesParameters = {},
): Promise<GenerateRecoveryCodesReturnType> {
  const stampedRequest = await stampMfaRequest(client, 'generate_recovery_codes')
  return request(client, '/v1/auth-generate-recovery-codes', {
    stampedRequest,
    ...(multiFactors ? { multiFactors } : {}),
  })
}
