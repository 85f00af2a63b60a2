import { resolveStorage } from '../session/resolveStorage.js'
import { defaultIframeElementId, defaultRootOrgId, defaultSessionKey, defaultSessionMs } from './defaults.js'
import { InvalidSignerConfigError } from './InvalidSignerConfigError.js'
import type { CreateSignerParameters, ResolvedSignerConfig } from './SignerConfig.js'

const fail = (field: string, rule: string): never => {
  throw new InvalidSignerConfigError(`Invalid signer config: ${field} ${rule}`)
}
const optionalString = (value: unknown, field: string): string | undefined => {
  if (value === undefined) return undefined
  if (typeof value !== 'string' || value.length === 0) return fail(field, 'must be a non-empty string')
  return value
}

/**
 * Checks a signer config and fills in its defaults (docs/account-kit.md#signer, docs/account-kit.md#constants). Throws
 * `InvalidSignerConfigError` naming the field at fault.
 *
 * @example
 * resolveSignerConfig({ connection: { rpcUrl: 'https://signer.example.com' }, iframeConfig: { iframeContainerId: 'c' } })
 * // { …, iframeConfig: { iframeElementId: 'turnkey-iframe', iframeUrl: 'https://signer.example.com/frame/auth', … } }
 */
export function resolveSignerConfig(config: CreateSignerParameters): ResolvedSignerConfig {
  if (!config || typeof config !== 'object') return fail('config', 'must be an object')
  const connection = config.connection
  if (!connection || typeof connection !== 'object') return fail('connection', 'is required')
  const rpcUrlInput = optionalString(connection.rpcUrl, 'connection.rpcUrl')
  const apiKey = optionalString(connection.apiKey, 'connection.apiKey')
  const jwt = optionalString(connection.jwt, 'connection.jwt')
  if (!rpcUrlInput) return fail('connection.rpcUrl', 'is required')
  if (apiKey && jwt) return fail('connection', 'takes an apiKey or a jwt, not both')
  try {
    new URL(rpcUrlInput, 'http://relative.invalid')
  } catch (cause) {
    throw new InvalidSignerConfigError('Invalid RPC URL', { details: rpcUrlInput, cause })
  }
  const rpcUrl = rpcUrlInput.replace(/\/+$/, '')

  const iframe = config.iframeConfig
  if (iframe !== undefined && (typeof iframe !== 'object' || iframe === null))
    return fail('iframeConfig', 'must be an object')
  const iframeContainerId = optionalString(iframe?.iframeContainerId, 'iframeConfig.iframeContainerId')
  if (!config.stamper && !iframeContainerId)
    return fail('iframeConfig.iframeContainerId', 'is required when no stamper is given')

  const session = config.sessionConfig ?? {}
  const expirationTimeMs = session.expirationTimeMs ?? defaultSessionMs
  if (typeof expirationTimeMs !== 'number' || !Number.isFinite(expirationTimeMs) || expirationTimeMs <= 0)
    return fail('sessionConfig.expirationTimeMs', 'must be a positive number of milliseconds')
  const storage = session.storage ?? 'localStorage'
  if (
    typeof storage === 'string'
      ? storage !== 'localStorage' && storage !== 'sessionStorage'
      : typeof storage?.getItem !== 'function'
  )
    return fail('sessionConfig.storage', "must be 'localStorage', 'sessionStorage' or a Storage")
  if (config.enablePopupOauth !== undefined && typeof config.enablePopupOauth !== 'boolean')
    return fail('enablePopupOauth', 'must be a boolean')

  return {
    connection: { rpcUrl, apiKey, jwt },
    iframeConfig: {
      iframeElementId:
        optionalString(iframe?.iframeElementId, 'iframeConfig.iframeElementId') ?? defaultIframeElementId,
      iframeContainerId,
      iframeUrl: optionalString(iframe?.iframeUrl, 'iframeConfig.iframeUrl') ?? `${rpcUrl}/frame/auth`,
      exportIframeUrl:
        optionalString(iframe?.exportIframeUrl, 'iframeConfig.exportIframeUrl') ?? `${rpcUrl}/frame/export`,
    },
    rpId: optionalString(config.rpId, 'rpId'),
    rootOrgId: optionalString(config.rootOrgId, 'rootOrgId') ?? defaultRootOrgId,
    oauthCallbackUrl:
      optionalString(config.oauthCallbackUrl, 'oauthCallbackUrl') ?? `${rpcUrl}/signer/v1/oauth/callback`,
    enablePopupOauth: config.enablePopupOauth ?? false,
    sessionConfig: {
      sessionKey: optionalString(session.sessionKey, 'sessionConfig.sessionKey') ?? defaultSessionKey,
      storage: resolveStorage(storage),
      expirationTimeMs,
    },
  }
}
