import type { SignerClient } from '../client/SignerClient.js'
import { MfaRequiredError } from '../errors/MfaRequiredError.js'
import { type AuthenticationStep, type MultiFactorProof, signerStatus, type User } from '../types.js'
import { type AuthenticateParameters, authenticate } from './authenticate.js'
import { authenticateWithJwt } from './authenticateWithJwt.js'
import { catchAuthenticationError } from './catchAuthenticationError.js'
import { sendEmailAuth } from './sendEmailAuth.js'
import { sendSmsAuth } from './sendSmsAuth.js'
import { startOauthPopup } from './startOauthPopup.js'
import { submitOtpCode } from './submitOtpCode.js'
import { toExpirationSeconds } from './toExpirationSeconds.js'
import { toMultiFactors } from './toMultiFactors.js'
import { type ValidateMultiFactorsParameters, validateMultiFactors } from './validateMultiFactors.js'

export type StartAuthenticationParameters =
  | (Extract<AuthenticateParameters, { type: 'email'; email: string }> & {
      /** Flags a new user's link with `aa-is-signup=true`, as the sign-in card does. */
      markSignup?: boolean | undefined
    })
  | { type: 'sms'; phone: string }
  | { type: 'otp'; otpCode: string; multiFactors?: MultiFactorProof[] | undefined }
  /** The authenticator code, after a step answered `{ next: 'mfa', encryptedPayload }`. */
  | ({ type: 'mfa' } & ValidateMultiFactorsParameters)
  | Exclude<AuthenticateParameters, { type: 'email'; email: string } | { type: 'otp' } | { type: 'sms' }>

export type StartAuthenticationReturnType = AuthenticationStep

const done = (user: User): AuthenticationStep => ({ next: 'done', user })

async function startEmail(
  client: SignerClient,
  parameters: Extract<StartAuthenticationParameters, { type: 'email'; email: string }>,
): Promise<AuthenticationStep> {
  let sent: Awaited<ReturnType<typeof sendEmailAuth>>
  try {
    // Codes for a second factor exist for existing users only: no lookup then.
    sent = await sendEmailAuth(client, {
      ...parameters,
      ...(parameters.multiFactors ? { isNewUser: false } : {}),
    })
  } catch (error) {
    const multiFactors = error instanceof MfaRequiredError ? toMultiFactors(error.multiFactors) : []
    if (parameters.multiFactors || !multiFactors.length) throw error
    client.store.setState({ status: signerStatus.DISCONNECTED, error: undefined })
    return { next: 'mfa', multiFactors }
  }
  const { otpId, isNewUser } = sent
  client.store.setState({ status: signerStatus.AWAITING_EMAIL_AUTH, otpId, error: undefined })
  return otpId ? { next: 'otp', otpId, isNewUser } : { next: 'link', isNewUser }
}

async function startOtp(
  client: SignerClient,
  parameters: Extract<StartAuthenticationParameters, { type: 'otp' }>,
): Promise<AuthenticationStep> {
  const result = await submitOtpCode(client, parameters)
  if (result.status === 'CONNECTED') return done(result.user)
  return { next: 'mfa', encryptedPayload: result.encryptedPayload, multiFactors: result.multiFactors }
}

/**
 * One step of a sign-in, answering the next step as a value instead of waiting for the user to
 * connect (the step-by-step form of {@link authenticate}, for UIs that show one step at a time):
 *
 * - `email`: looks the user up once (`/v1/lookup`; not at all with `multiFactors`), mails a code or
 *   a link (signing a new user up) and answers `{ next: 'otp', otpId }` or `{ next: 'link' }`; a
 *   link to a user with a second factor answers `{ next: 'mfa', multiFactors }` first (send the
 *   email step again with `multiFactors`);
 * - `sms`: looks the user up once (`/v1/lookup {phone}`), texts a code (signing a new user up) and
 *   answers `{ next: 'otp', otpId, isNewUser }`;
 * - `otp`: the emailed or texted code; `{ next: 'done', user }`, or `{ next: 'mfa', encryptedPayload,
 *   multiFactors }` for a user with a second factor;
 * - `mfa`: the authenticator code of a pending `{ next: 'mfa', encryptedPayload }`
 *   (`validateMultiFactors`; a wrong code keeps the status, so the user can try again);
 * - `custom-jwt`: a JWT the app's backend minted; `{ next: 'done', user }`, or `{ next: 'mfa',
 *   encryptedPayload, multiFactors }` for a user with a second factor;
 * - `oauth` in a popup: `{ next: 'done' }` or `{ next: 'mfa', encryptedPayload }`; every other
 *   `authenticate` type (a link's `bundle`, `passkey`, `oauth` by redirect, `oauthReturn`) answers
 *   `{ next: 'done', user }` once `authenticate` resolves.
 *
 * State and events are those of `authenticate`: a failure stores the error and sets DISCONNECTED
 * (OAuth keeps its status).
 *
 * @example
 * const step = await startAuthentication(signer, { type: 'email', email: 'ada@example.com' })
 * if (step.next === 'otp') {
 *   const after = await startAuthentication(signer, { type: 'otp', otpCode: '123456' })
 *   if (after.next === 'mfa') await startAuthentication(signer, { type: 'mfa', multiFactorCode: '654321' })
 * }
 */
export function startAuthentication(
  client: SignerClient,
  parameters: StartAuthenticationParameters,
): Promise<StartAuthenticationReturnType> {
  switch (parameters.type) {
    case 'mfa':
      return validateMultiFactors(client, parameters).then(done)
    case 'email':
      if ('bundle' in parameters) break
      return catchAuthenticationError(client, { keepStatus: false }, () => startEmail(client, parameters))
    case 'sms':
      return catchAuthenticationError(client, { keepStatus: false }, async () => {
        const { otpId, isNewUser } = await sendSmsAuth(client, parameters)
        return { next: 'otp', otpId, isNewUser } as const
      })
    case 'otp':
      return catchAuthenticationError(client, { keepStatus: false }, () => startOtp(client, parameters))
    case 'custom-jwt': {
      const { type: _, ...jwt } = parameters
      return catchAuthenticationError(client, { keepStatus: false }, () => authenticateWithJwt(client, jwt))
    }
    case 'oauth': {
      if (parameters.mode !== 'popup') break
      const { type: _, ...oauth } = parameters
      const expirationSeconds = oauth.expirationSeconds ?? toExpirationSeconds(client)
      // Synchronous up to `window.open`: the popup must open inside the click.
      return catchAuthenticationError(client, { keepStatus: true }, () =>
        startOauthPopup(client, { ...oauth, mode: 'popup', expirationSeconds }),
      )
    }
  }
  return authenticate(client, parameters).then(done)
}
