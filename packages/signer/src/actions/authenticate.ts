import { SignerError } from '../errors/SignerError.js'
import type { OauthParameters } from '../oauth/OauthParameters.js'
import type { Signer } from '../Signer.js'
import { toErrorInfo } from '../store/toErrorInfo.js'
import { waitForConnected } from '../store/waitForConnected.js'
import { type MultiFactorEntry, signerStatus, type User } from '../types.js'
import { completeAuthWithBundle } from './completeAuthWithBundle.js'
import { createAccount } from './createAccount.js'
import { initEmailAuth } from './initEmailAuth.js'
import { lookupUserByEmail } from './lookupUserByEmail.js'
import { lookupUserWithPasskey } from './lookupUserWithPasskey.js'
import { oauthWithPopup } from './oauthWithPopup.js'
import { oauthWithRedirect } from './oauthWithRedirect.js'
import { submitOtpCode } from './submitOtpCode.js'
import { toExpirationSeconds } from './toExpirationSeconds.js'

export type AuthenticateParameters =
  | {
      type: 'email'
      email: string
      emailMode?: 'magicLink' | 'otp' | undefined
      redirectParams?: URLSearchParams | undefined
      multiFactors?: MultiFactorEntry[] | undefined
    }
  | { type: 'email'; bundle: string; orgId?: string | undefined; isNewUser?: boolean | undefined }
  | { type: 'otp'; otpCode: string; multiFactors?: MultiFactorEntry[] | undefined }
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

async function authenticateWithEmail(
  signer: Signer,
  parameters: Extract<AuthenticateParameters, { type: 'email'; email: string }>,
): Promise<User> {
  signer.store.setState({ status: signerStatus.AUTHENTICATING_EMAIL })
  const existing = await lookupUserByEmail(signer, { email: parameters.email })
  const { orgId, otpId } = existing.orgId
    ? await initEmailAuth(signer, parameters)
    : await createAccount(signer, { ...parameters, type: 'email' })
  signer.sessions.setTemporarySession({ orgId, isNewUser: !existing.orgId })
  const connected = waitForConnected(signer)
  signer.store.setState({ status: signerStatus.AWAITING_EMAIL_AUTH, otpId, error: undefined })
  return connected
}

async function authenticateWithBundle(
  signer: Signer,
  parameters: Extract<AuthenticateParameters, { type: 'email'; bundle: string }>,
): Promise<User> {
  const temporary = signer.sessions.getTemporarySession()
  const orgId = parameters.orgId ?? temporary?.orgId
  if (!orgId) {
    signer.store.setState({ status: signerStatus.DISCONNECTED })
    throw new SignerError('Could not find email auth init session!')
  }
  const user = await completeAuthWithBundle(signer, {
    bundle: parameters.bundle,
    orgId,
    connectedEventName: 'connectedEmail',
    authenticatingType: 'email',
  })
  if (parameters.isNewUser) signer.store.setState({ isNewUser: true })
  return user
}

async function authenticateWithOtp(
  signer: Signer,
  parameters: Extract<AuthenticateParameters, { type: 'otp' }>,
): Promise<User> {
  const connected = waitForConnected(signer)
  const result = await submitOtpCode(signer, parameters)
  return result.status === 'CONNECTED' ? result.user : connected
}

async function authenticateWithPasskey(
  signer: Signer,
  parameters: Extract<AuthenticateParameters, { type: 'passkey' }>,
): Promise<User> {
  const create =
    'email' in parameters
      ? !(await lookupUserByEmail(signer, { email: parameters.email })).orgId
      : parameters.createNew
  if (!create) return lookupUserWithPasskey(signer)
  const connected = waitForConnected(signer)
  await createAccount(signer, { ...parameters, type: 'passkey' })
  signer.store.setState({ isNewUser: true })
  return connected
}

function dispatch(signer: Signer, parameters: AuthenticateParameters): Promise<User> {
  switch (parameters.type) {
    case 'email':
      return 'bundle' in parameters
        ? authenticateWithBundle(signer, parameters)
        : authenticateWithEmail(signer, parameters)
    case 'otp':
      return authenticateWithOtp(signer, parameters)
    case 'passkey':
      return authenticateWithPasskey(signer, parameters)
    case 'oauth': {
      const { type: _, ...oauth } = parameters
      const withExpiry = {
        ...oauth,
        expirationSeconds: oauth.expirationSeconds ?? toExpirationSeconds(signer),
      }
      return withExpiry.mode === 'popup'
        ? oauthWithPopup(signer, withExpiry)
        : oauthWithRedirect(signer, withExpiry)
    }
    case 'oauthReturn':
      return completeAuthWithBundle(signer, {
        bundle: parameters.bundle,
        orgId: parameters.orgId,
        idToken: parameters.idToken,
        connectedEventName: 'connectedOauth',
        authenticatingType: 'oauth',
      }).then((user) => {
        if (parameters.isNewUser) signer.store.setState({ isNewUser: true })
        return user
      })
    default:
      return Promise.reject(new SignerError(`Unknown auth type: ${(parameters as { type?: unknown }).type}`))
  }
}

/**
 * Signs a user in, by `type`: `email` (sends a code or link; resolves once the user is connected,
 * here or in another tab), `email` with `bundle` (a magic link's return), `otp` (the emailed code;
 * waits for `validateMultiFactors` when a second factor is needed), `passkey` (create or log in),
 * `oauth` (popup or redirect), `oauthReturn`. A failure stores `{name, message}` as the error and
 * sets DISCONNECTED, except for OAuth, which leaves the status as it is.
 *
 * @example
 * void authenticate(signer, { type: 'email', email: 'ada@example.com' })
 * // … the user reads the code …
 * const user = await authenticate(signer, { type: 'otp', otpCode: '123456' })
 */
export function authenticate(signer: Signer, parameters: AuthenticateParameters): Promise<User> {
  let result: Promise<User>
  try {
    // Synchronous for popup OAuth (the popup must open inside the click), so it can throw.
    result = dispatch(signer, parameters)
  } catch (error) {
    result = Promise.reject(error)
  }
  return result.catch((error: unknown) => {
    const keepStatus = parameters.type === 'oauth' || parameters.type === 'oauthReturn'
    signer.store.setState({
      error: toErrorInfo(error),
      ...(keepStatus ? {} : { status: signerStatus.DISCONNECTED }),
    })
    throw error
  })
}
