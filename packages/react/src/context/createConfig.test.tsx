// @vitest-environment happy-dom
import { createConfig as createCoreConfig, sigilDevnet } from '@sigil/core'
import { expect, test } from 'vitest'
import { createConfig } from './createConfig.js'

const connection = { rpcUrl: 'https://signer.example.com', apiKey: 'sigil_test' }

test('default: the core config, with the UI options as `ui`', () => {
  const ui = { auth: { sections: [[{ type: 'email' as const }], [{ type: 'passkey' as const }]] } }
  const config = createConfig({ connection, chain: sigilDevnet }, ui)
  expect(config.ui).toBe(ui)
  expect(Object.keys(config).sort()).toEqual(['_internal', 'store', 'ui'])
  expect(config.store.getState().config.enablePopupOauth).toBe(false)
  expect(Object.keys(createConfig({ connection, chain: sigilDevnet })).sort()).toEqual(
    Object.keys(createCoreConfig({ connection, chain: sigilDevnet })).sort(),
  )
})

test('behavior: a social section in popup mode turns enablePopupOauth on, unless the parameters say otherwise', () => {
  const ui = {
    auth: { sections: [[{ type: 'social' as const, authProviderId: 'google', mode: 'popup' as const }]] },
  }
  expect(createConfig({ connection, chain: sigilDevnet }, ui).store.getState().config.enablePopupOauth).toBe(
    true,
  )
  expect(
    createConfig({ connection, chain: sigilDevnet, enablePopupOauth: false }, ui).store.getState().config
      .enablePopupOauth,
  ).toBe(false)
  const redirect = {
    auth: {
      sections: [
        [{ type: 'social' as const, authProviderId: 'google', mode: 'redirect' as const, redirectUrl: '/' }],
      ],
    },
  }
  expect(
    createConfig({ connection, chain: sigilDevnet }, redirect).store.getState().config.enablePopupOauth,
  ).toBe(false)
})
