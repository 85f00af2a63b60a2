import type { SignerClient } from '../client/SignerClient.js'
import { type MultiFactorProof, signerStatus } from '../types.js'
import { createAccount } from './createAccount.js'
import { initEmailAuth } from './initEmailAuth.js'
import { lookupUserByEmail } from './lookupUserByEmail.js'

export type SendEmailAuthParameters = {
  email: string
  emailMode?: 'magicLink' | 'otp' | undefined
  redirectParams?: URLSearchParams | undefined
  multiFactors?: MultiFactorProof[] | undefined
  /** Whether the user is new, when the caller knows: no `/v1/lookup` is made then. */
  isNewUser?: boolean | undefined
  /**
   * Adds `aa-is-signup=true` to a new user's `redirectParams`, as the sign-in card does, so the
   * link lands flagged as a sign-up (docs/protocol.md#sign-in-flows).
   */
  markSignup?: boolean | undefined
}

export type SendEmailAuthReturnType = { orgId: string; otpId?: string | undefined; isNewUser: boolean }

/**
 * The email step of a sign-in, up to the mail: sets AUTHENTICATING_EMAIL, looks the user up once
 * (`/v1/lookup`, skipped when `isNewUser` is given), then mails an existing user a code or link
 * (`initEmailAuth`, `/v1/auth`) or signs a new one up (`createAccount`, `/v1/signup`), and keeps
 * `{ orgId, isNewUser }` as the temporary session for the code step or the link's return. The
 * caller sets AWAITING_EMAIL_AUTH. Throws `MfaRequiredError` for a link to a user with a second
 * factor when no `multiFactors` were given.
 *
 * @example
 * const { otpId, isNewUser } = await sendEmailAuth(client, { email: 'ada@example.com' })
 */
export async function sendEmailAuth(
  client: SignerClient,
  { isNewUser: knownNewUser, markSignup, ...parameters }: SendEmailAuthParameters,
): Promise<SendEmailAuthReturnType> {
  client.store.setState({ status: signerStatus.AUTHENTICATING_EMAIL })
  const isNewUser = knownNewUser ?? !(await lookupUserByEmail(client, { email: parameters.email })).orgId
  if (isNewUser && markSignup) {
    parameters.redirectParams = new URLSearchParams(parameters.redirectParams)
    parameters.redirectParams.set('aa-is-signup', 'true')
  }
  const { orgId, otpId } = isNewUser
    ? await createAccount(client, { ...parameters, type: 'email' })
    : await initEmailAuth(client, parameters)
  client.sessions.setTemporarySession({ orgId, isNewUser })
  return { orgId, otpId, isNewUser }
}
