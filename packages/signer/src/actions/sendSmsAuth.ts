import type { SignerClient } from '../client/SignerClient.js'
import { SignerError } from '../errors/SignerError.js'
import { signerStatus } from '../types.js'
import { createAccount } from './createAccount.js'
import { initSmsAuth } from './initSmsAuth.js'
import { lookupUserByPhone } from './lookupUserByPhone.js'

export type SendSmsAuthReturnType = { orgId: string; otpId: string; isNewUser: boolean }

/**
 * The SMS step of a sign-in, up to the text: looks the user up once (`/v1/lookup {phone}`), then texts
 * an existing user a code (`initSmsAuth`, `/v1/auth`) or signs a new one up (`createAccount`,
 * `/v1/signup`), keeps `{ orgId, isNewUser }` as the temporary session for the code step and sets
 * AWAITING_SMS_AUTH with the `otpId`, as Account Kit does.
 *
 * @example
 * const { otpId } = await sendSmsAuth(client, { phone: '+14155550123' })
 */
export async function sendSmsAuth(
  client: SignerClient,
  { phone }: { phone: string },
): Promise<SendSmsAuthReturnType> {
  const isNewUser = !(await lookupUserByPhone(client, { phone })).orgId
  const { orgId, otpId } = isNewUser
    ? await createAccount(client, { type: 'sms', phone })
    : await initSmsAuth(client, { phone })
  if (!otpId) throw new SignerError('the server sent no code id for the SMS sign-in')
  client.sessions.setTemporarySession({ orgId, isNewUser })
  client.store.setState({ status: signerStatus.AWAITING_SMS_AUTH, otpId, error: undefined })
  return { orgId, otpId, isNewUser }
}
