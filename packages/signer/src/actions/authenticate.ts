import type { SignerClient } from '../client/SignerClient.js'
import { SignerError } from '../errors/SignerError.js'
import type { OauthParameters } from '../oauth/OauthParameters.js'
import { waitForConnected } from '../store/waitForConnected.js'
import { type MultiFactorProof, signerStatus, type User } from '../types.js'
import { type AuthenticateWithJwtParameters, authenticateWithJwt } from './authenticateWithJwt.js'
import { catchAuthenticationError } from './catchAuthenticationError.js'
import { completeAuthWithBundle } from './completeAuthWithBundle.js'
import { createAccount } from './createAccount.js'
import { lookupUserByEmail } from './lookupUserByEmail.js'
import { lookupUserWithPasskey } from './lookupUserWithPasskey.js'
import { oauthWithPopup } from './oauthWithPopup.js'
import { oauthWithRedirect } from './oauthWithRedirect.js'
import { sendEmailAuth } from './sendEmailAuth.js'
import { sendSmsAuth } from './sendSmsAuth.js'
import { submitOtpCode } from './submitOtpCode.js'
import { toExpirationSeconds } from './toExpirationSeconds.js'

export type AuthenticateParameters =
  | {
      type: 'email'
      email: string
      emailMode?: 'magicLink' | 'otp' | undefined
      redirectParams?: URLSearchParams | undefined
      multiFactors?: MultiFactorProof[] | undefined
    }
  | { type: 'email'; bundle: string; orgId?: string | undefined; isNewUser?: boolean | undefined }
  | { type: 'sms'; phone: string }
  | { type: 'otp'; otpCode: string; multiFactors?: MultiFactorProof[] | undefined }
  | { type: 'passkey'; email: string; creationOpts?: CredentialCreationOptions | undefined }
  | { type: 'passkey'; createNew: false }
  | {
      type: 'passkey'
      createNew: true
      username: string
      creationOpts?: CredentialCreationOptions | undefined
    }
  | ({ type: 'oauth' } & OauthParameters)
  | { type: 'oauthReturn'; bundle: string; orgId: string; idToken: string; isNewUser?: boolean | undefined }
  | ({ type: 'custom-jwt' } & AuthenticateWithJwtParameters)

async function authenticateWithEmail(
  client: SignerClient,
  parameters: Extract<AuthenticateParameters, { type: 'email'; email: string }>,
): Promise<User> {
  const { otpId } = await sendEmailAuth(client, parameters)
  const connected = waitForConnected(client)
  client.store.setState({ status: signerStatus.AWAITING_EMAIL_AUTH, otpId, error: undefined })
  return connected
}

async function authenticateWithSms(
  client: SignerClient,
  parameters: Extract<AuthenticateParameters, { type: 'sms' }>,
): Promise<User> {
  await sendSmsAuth(client, parameters)
  return waitForConnected(client)
}

async function authenticateWithBundle(
  client: SignerClient,
  parameters: Extract<AuthenticateParameters, { type: 'email'; bundle: string }>,
): Promise<User> {
  const temporary = client.sessions.getTemporarySession()
  const orgId = parameters.orgId ?? temporary?.orgId
  if (!orgId) {
    client.store.setState({ status: signerStatus.DISCONNECTED })
    throw new SignerError('Could not find email auth init session!')
  }
  const user = await completeAuthWithBundle(client, {
    bundle: parameters.bundle,
    orgId,
    connectedEventName: 'connectedEmail',
    authenticatingType: 'email',
  })
  if (parameters.isNewUser) client.store.setState({ isNewUser: true })
  return user
}

async function authenticateWithOtp(
  client: SignerClient,
  parameters: Extract<AuthenticateParameters, { type: 'otp' }>,
): Promise<User> {
  const connected = waitForConnected(client)
  const result = await submitOtpCode(client, parameters)
  return result.status === 'CONNECTED' ? result.user : connected
}

async function authenticateWithPasskey(
  client: SignerClient,
  parameters: Extract<AuthenticateParameters, { type: 'passkey' }>,
): Promise<User> {
  const create =
    'email' in parameters
      ? !(await lookupUserByEmail(client, { email: parameters.email })).orgId
      : parameters.createNew
  if (!create) return lookupUserWithPasskey(client)
  const connected = waitForConnected(client)
  await createAccount(client, { ...parameters, type: 'passkey' })
  client.store.setState({ isNewUser: true })
  return connected
}

function dispatch(client: SignerClient, parameters: AuthenticateParameters): Promise<User> {
  switch (parameters.type) {
    case 'email':
      return 'bundle' in parameters
        ? authenticateWithBundle(client, parameters)
        : authenticateWithEmail(client, parameters)
    case 'sms':
      return authenticateWithSms(client, parameters)
    case 'otp':
      return authenticateWithOtp(client, parameters)
    case 'passkey':
      return authenticateWithPasskey(client, parameters)
    case 'oauth': {
      const { type: _, ...oauth } = parameters
      const withExpiry = {
        ...oauth,
        expirationSeconds: oauth.expirationSeconds ?? toExpirationSeconds(client),
      }
      return withExpiry.mode === 'popup'
        ? oauthWithPopup(client, withExpiry)
        : oauthWithRedirect(client, withExpiry)
    }
    case 'oauthReturn':
      return completeAuthWithBundle(client, {
        bundle: parameters.bundle,
        orgId: parameters.orgId,
        idToken: parameters.idToken,
        connectedEventName: 'connectedOauth',
        authenticatingType: 'oauth',
      }).then((user) => {
        if (parameters.isNewUser) client.store.setState({ isNewUser: true })
        return user
      })
    case 'custom-jwt': {
      const { type: _, ...jwt } = parameters
      const connected = waitForConnected(client)
      return authenticateWithJwt(client, jwt).then((step) => (step.next === 'done' ? step.user : connected))
    }
    default:
      return Promise.reject(new SignerError(`Unknown auth type: ${(parameters as { type?: unknown }).type}`))
  }
}

/**
 * Signs a user in, by `type`: `email` (sends a code or link; resolves once the user is connected,
 * here or in another tab), `email` with `bundle` (a magic link's return), `sms` (texts a code; resolves
 * once connected), `otp` (the emailed or texted code;
 * waits for `validateMultiFactors` when a second factor is needed), `passkey` (create or log in),
 * `oauth` (popup or redirect), `oauthReturn`, `custom-jwt` (a JWT the app's backend minted; waits for
 * `validateMultiFactors` when a second factor is needed). A failure stores `{name, message}` as the error and
 * sets DISCONNECTED, except for OAuth, which leaves the status as it is.
 *
 * @example
 * void authenticate(signer, { type: 'email', email: 'ada@example.com' })
 * // … the user reads the code …
 * const user = await authenticate(signer, { type: 'otp', otpCode: '123456' })
 */
export function authenticate(client: SignerClient, parameters: AuthenticateParameters): Promise<User> {
  const keepStatus = parameters.type === 'oauth' || parameters.type === 'oauthReturn'
  // Synchronous for popup OAuth (the popup must open inside the click), so it can throw.
  return catchAuthenticationError(client, { keepStatus }, () => dispatch(client, parameters))
}
