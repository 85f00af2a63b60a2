import type { SignerConfigSnapshot } from '../store/CoreState.js'
import type { CreateConfigParameters } from './CreateConfigParameters.js'

/**
 * The signer settings of a config as the persisted state records them, to tell later whether the
 * config changed. Credentials are recorded by kind only: a token refresh is no config change, and
 * no secret reaches storage or a cookie.
 *
 * @example
 * toSignerConfigSnapshot({ connection: { rpcUrl: 'https://signer.example.com', jwt }, chain }).connection
 * // { rpcUrl: 'https://signer.example.com', credential: 'jwt' }
 */
export function toSignerConfigSnapshot(parameters: CreateConfigParameters): SignerConfigSnapshot {
  const { connection, sessionConfig } = parameters
  const storage = sessionConfig?.storage
  return {
    connection: {
      rpcUrl: connection.rpcUrl.replace(/\/+$/, ''),
      credential: connection.apiKey ? 'apiKey' : connection.jwt ? 'jwt' : 'none',
    },
    iframeConfig: parameters.iframeConfig && { ...parameters.iframeConfig },
    rpId: parameters.rpId,
    rootOrgId: parameters.rootOrgId,
    oauthCallbackUrl: parameters.oauthCallbackUrl,
    enablePopupOauth: parameters.enablePopupOauth ?? false,
    sessionConfig: {
      sessionKey: sessionConfig?.sessionKey,
      storage: storage === undefined || typeof storage === 'string' ? storage : 'custom',
      domain: sessionConfig?.domain,
    },
  }
}
