import type { ActivityResponse, CreateReadWriteSessionResult } from '@sigil/protocol'
import type { SignerClient } from '../client/SignerClient.js'
import { SignerError } from '../errors/SignerError.js'
import { createWebauthnStamper } from '../stampers/createWebauthnStamper.js'
import type { User } from '../types.js'
import { completeAuthWithBundle } from './completeAuthWithBundle.js'
import { requestPublicApi } from './requestPublicApi.js'
import { toExpirationSeconds } from './toExpirationSeconds.js'

export type CreatePasskeySessionParameters = {
  /** The user's organization; default the root organization (a sign-in does not know it yet). */
  orgId?: string | undefined
  /** The passkey to ask for (a sign-up knows it); default any passkey of the relying party. */
  credentialId?: string | undefined
}

/** A sign-in already asking the passkey: a second call joins it instead of opening a second prompt. */
const inFlight = new WeakMap<SignerClient, { user: Promise<User>; controller: AbortController }>()

/**
 * Ends the passkey sign-in in flight, if any (its prompt is closed, its promise rejects with an
 * `AbortError`): `disconnect` calls it, so a sign-in the user walked away from cannot finish later,
 * and the next one opens its own prompt.
 *
 * @example
 * abortPasskeySession(signer)
 */
export function abortPasskeySession(client: SignerClient): void {
  const running = inFlight.get(client)
  inFlight.delete(client)
  running?.controller.abort(new DOMException('The passkey sign-in was cancelled', 'AbortError'))
}

/**
 * A passkey sign-in with one prompt (docs/security.md#sessions): the key frame's target key goes into
 * a `create_read_write_session` activity stamped by the passkey (the only assertion of the session),
 * the server answers a session key sealed to the frame, and the sign-in ends as an email one does
 * (`completeAuthWithBundle`: the bundle injected, `whoami`, `connectedPasskey` with the bundle, which
 * stores the session). Every later request of the session is stamped by the frame's session key.
 * Concurrent calls share one prompt.
 *
 * @example
 * const user = await createPasskeySession(signer) // one Touch ID / Windows Hello prompt
 */
export function createPasskeySession(
  client: SignerClient,
  parameters: CreatePasskeySessionParameters = {},
): Promise<User> {
  const running = inFlight.get(client)
  if (running) return running.user
  const controller = new AbortController()
  const user = mint(client, parameters, controller.signal).finally(() => {
    if (inFlight.get(client)?.controller === controller) inFlight.delete(client)
  })
  inFlight.set(client, { user, controller })
  return user
}

async function mint(
  client: SignerClient,
  parameters: CreatePasskeySessionParameters,
  signal: AbortSignal,
): Promise<User> {
  client.events.emit('authenticating', { type: 'passkey' })
  const targetPublicKey = await client.sessionStamper.init()
  const body = JSON.stringify({
    type: 'ACTIVITY_TYPE_CREATE_READ_WRITE_SESSION_V2',
    timestampMs: String(Date.now()),
    organizationId: parameters.orgId ?? client.config.rootOrgId,
    parameters: { targetPublicKey, expirationSeconds: String(toExpirationSeconds(client)) },
  })
  const passkey = createWebauthnStamper({
    rpId: client.config.rpId,
    credentialId: parameters.credentialId,
    signal,
  })
  const path = 'submit/create_read_write_session'
  const stamp = await passkey.stamp(body)
  const { activity } = await requestPublicApi<ActivityResponse>(
    {
      fetch: client.fetch,
      stampRequest: async () => ({
        body,
        stamp,
        url: `${client.config.connection.rpcUrl}/public/v1/${path}`,
      }),
    },
    path,
    {},
  )
  const result = activity.result.createReadWriteSessionResultV2 as CreateReadWriteSessionResult | undefined
  if (activity.status !== 'ACTIVITY_STATUS_COMPLETED' || !result)
    throw new SignerError(`Could not start a passkey session (status: ${activity.status})`)
  // Signed out while the server answered: the session is not started.
  signal.throwIfAborted()
  const { credentialId } = JSON.parse(stamp.stampHeaderValue) as { credentialId?: string }
  return completeAuthWithBundle(client, {
    bundle: result.credentialBundle,
    orgId: result.organizationId,
    connectedEventName: 'connectedPasskey',
    authenticatingType: 'passkey',
    credentialId: credentialId ?? parameters.credentialId,
  })
}
