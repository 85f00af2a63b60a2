import { base64urlEncode } from '@sigil/protocol'
import type { SignerClient } from '../client/SignerClient.js'
import { SignerError } from '../errors/SignerError.js'
import { type CreatedPasskey, toPasskeyAttestation } from '../passkey/toPasskeyAttestation.js'
import { toPasskeyCreationOptions } from '../passkey/toPasskeyCreationOptions.js'
import { request } from '../transport/request.js'
import { createPasskeySession } from './createPasskeySession.js'
import { toExpirationSeconds } from './toExpirationSeconds.js'

export type CreateAccountParameters =
  | {
      type: 'email'
      email: string
      emailMode?: 'magicLink' | 'otp' | undefined
      redirectParams?: URLSearchParams | undefined
    }
  | { type: 'sms'; phone: string }
  | {
      type: 'passkey'
      /** The passkey's name: the email, else the username. */
      email?: string | undefined
      username?: string | undefined
      creationOpts?: CredentialCreationOptions | undefined
    }

export type CreateAccountReturnType = {
  orgId: string
  userId?: string
  address?: `0x${string}`
  otpId?: string
}

/**
 * Signs a new user up (`/v1/signup`). Email: mails a code or link bound to the key frame's key
 * (emits `authenticating {type:'otp'}`). SMS: texts a code, the same way. Passkey: creates a passkey in the browser, sends its
 * attestation, then signs the user in with one assertion of it that mints a session key in the key
 * frame (`createPasskeySession`; emits `authenticating {type:'passkey'}`, then `connectedPasskey`).
 *
 * @example
 * const { orgId, otpId } = await createAccount(signer, { type: 'email', email: 'ada@example.com' })
 */
export async function createAccount(
  client: SignerClient,
  parameters: CreateAccountParameters,
): Promise<CreateAccountReturnType> {
  if (parameters.type === 'email') {
    client.events.emit('authenticating', { type: 'otp' })
    const targetPublicKey = await client.sessionStamper.init()
    return request(client, '/v1/signup', {
      email: parameters.email,
      emailMode: parameters.emailMode,
      targetPublicKey,
      expirationSeconds: toExpirationSeconds(client),
      redirectParams: parameters.redirectParams?.toString(),
    })
  }
  if (parameters.type === 'sms') {
    client.events.emit('authenticating', { type: 'otp' })
    const targetPublicKey = await client.sessionStamper.init()
    return request(client, '/v1/signup', { phone: parameters.phone, targetPublicKey })
  }
  client.events.emit('authenticating', { type: 'passkey' })
  const name = parameters.email ?? parameters.username ?? `passkey-${Date.now()}`
  const options = toPasskeyCreationOptions({
    name,
    rpId: globalThis.location.hostname,
    creationOpts: parameters.creationOpts,
  })
  const credential = (await globalThis.navigator.credentials.create(
    options,
  )) as unknown as CreatedPasskey | null
  if (!credential) throw new SignerError('No passkey was created')
  const attestation = toPasskeyAttestation(credential)
  const challenge = base64urlEncode(options.publicKey.challenge as Uint8Array)
  const answer = await request(client, '/v1/signup', {
    passkey: { challenge, attestation },
    email: parameters.email,
  })
  // The new passkey's one assertion mints the session key (docs/security.md#sessions).
  await createPasskeySession(client, { orgId: answer.orgId, credentialId: attestation.credentialId })
  return answer
}
