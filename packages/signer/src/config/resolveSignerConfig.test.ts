import { expect, test } from 'vitest'
import { createMemoryStorage } from '../session/createMemoryStorage.js'
import { createNodeFrameStamper } from '../test/createNodeFrameStamper.js'
import { resolveSignerConfig } from './resolveSignerConfig.js'

test('default: fills the defaults from rpcUrl', () => {
  const config = resolveSignerConfig({
    connection: { rpcUrl: 'https://signer.example.com/' },
    iframeConfig: { iframeContainerId: 'frame' },
  })
  expect({ ...config, sessionConfig: { ...config.sessionConfig, storage: undefined } }).toEqual({
    connection: { rpcUrl: 'https://signer.example.com', apiKey: undefined, jwt: undefined },
    iframeConfig: {
      iframeElementId: 'turnkey-iframe',
      iframeContainerId: 'frame',
      iframeUrl: 'https://signer.example.com/frame/auth',
      exportIframeUrl: 'https://signer.example.com/frame/export',
    },
    rpId: undefined,
    rootOrgId: '24c1acf5-810f-41e0-a503-d5d13fa8e830',
    oauthCallbackUrl: 'https://signer.example.com/signer/v1/oauth/callback',
    enablePopupOauth: false,
    sessionConfig: { sessionKey: 'alchemy-signer-session', storage: undefined, expirationTimeMs: 900000 },
  })
  // No localStorage in Node: an in-memory storage stands in.
  expect(typeof config.sessionConfig.storage.getItem).toBe('function')
})

test('behavior: given values win; a stamper makes the container optional', () => {
  const storage = createMemoryStorage()
  const config = resolveSignerConfig({
    connection: { rpcUrl: '/api', jwt: 'ey.jwt' },
    stamper: createNodeFrameStamper(),
    rpId: 'example.com',
    rootOrgId: 'root',
    oauthCallbackUrl: 'https://cb.example.com',
    enablePopupOauth: true,
    sessionConfig: { sessionKey: 'k', storage, expirationTimeMs: 60_000 },
  })
  expect(config.connection).toEqual({ rpcUrl: '/api', apiKey: undefined, jwt: 'ey.jwt' })
  expect(config.sessionConfig).toEqual({ sessionKey: 'k', storage, expirationTimeMs: 60_000 })
  expect(config.oauthCallbackUrl).toBe('https://cb.example.com')
  expect(config.iframeConfig.iframeUrl).toBe('/api/frame/auth')
})

test('error: bad configs name the field', () => {
  const iframeConfig = { iframeContainerId: 'c' }
  expect(() => resolveSignerConfig({ iframeConfig } as never)).toThrow(
    'Invalid signer config: connection is required',
  )
  expect(() => resolveSignerConfig({ connection: { apiKey: 'k' }, iframeConfig } as never)).toThrow(
    'Invalid signer config: connection.rpcUrl is required',
  )
  expect(() =>
    resolveSignerConfig({ connection: { rpcUrl: 'https://x', apiKey: 'k', jwt: 'j' }, iframeConfig }),
  ).toThrow('Invalid signer config: connection takes an apiKey or a jwt, not both')
  expect(() => resolveSignerConfig({ connection: { rpcUrl: 'https://x' } })).toThrow(
    'Invalid signer config: iframeConfig.iframeContainerId is required when no stamper is given',
  )
  expect(() => resolveSignerConfig({ connection: { rpcUrl: 'http://[::1' }, iframeConfig })).toThrow(
    'Invalid RPC URL',
  )
  expect(() =>
    resolveSignerConfig({
      connection: { rpcUrl: 'https://x' },
      iframeConfig,
      sessionConfig: { expirationTimeMs: -1 },
    }),
  ).toThrow('Invalid signer config: sessionConfig.expirationTimeMs must be a positive number of milliseconds')
  expect(() =>
    resolveSignerConfig({
      connection: { rpcUrl: 'https://x' },
      iframeConfig,
      sessionConfig: { storage: 'cookies' as never },
    }),
  ).toThrow(
    "Invalid signer config: sessionConfig.storage must be 'localStorage', 'sessionStorage' or a Storage",
  )
})
