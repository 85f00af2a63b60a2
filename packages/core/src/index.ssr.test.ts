import { afterEach, expect, test, vi } from 'vitest'

/**
 * Server rendering: importing `@sigil/core` and creating an `ssr` config touch no browser global.
 * The globals a browser has are replaced by getters that record any read. (`window` itself stays
 * absent, as on a server: zustand's persist probes `window.localStorage` for its default storage,
 * which throws a ReferenceError that zustand catches; Sigil always passes its own storage.)
 */

const browserGlobals = [
  'document',
  'localStorage',
  'sessionStorage',
  'location',
  'history',
  'indexedDB',
] as const

afterEach(() => {
  for (const name of browserGlobals) Reflect.deleteProperty(globalThis, name)
})

test('default: import and createConfig({ ssr: true }) read no browser global', async () => {
  expect('window' in globalThis).toBe(false)
  const reads: string[] = []
  for (const name of browserGlobals)
    Object.defineProperty(globalThis, name, {
      configurable: true,
      get() {
        reads.push(name)
        return undefined
      },
    })
  vi.resetModules()
  const core = await import('./index.js')
  const config = core.createConfig({
    connection: { rpcUrl: 'https://signer.example.com', apiKey: 'sigil_test' },
    chain: core.base,
    chains: [{ chain: core.base }, { chain: core.worldChain }],
    ssr: true,
  })
  const status = core.getSignerStatus(config)
  const chain = core.getChain(config)
  const user = core.getUser(config)
  const initialState = core.cookieToInitialState(config, 'theme=dark')
  const unwatch = core.watchSignerStatus(config)(() => undefined)
  unwatch()
  expect(reads).toEqual([])
  expect({ status: status.status, chainId: chain.id, user, initialState }).toEqual({
    status: 'INITIALIZING',
    chainId: 8453,
    user: undefined,
    initialState: undefined,
  })
})

test('behavior: on the server there is no signer, and actions that need one say so', async () => {
  const core = await import('./index.js')
  const config = core.createConfig({
    connection: { rpcUrl: 'https://signer.example.com' },
    chain: core.sigilDevnet,
    ssr: true,
  })
  expect(core.getSigner(config)).toBeUndefined()
  await expect(core.authenticate(config, { type: 'email', email: 'ada@example.com' })).rejects.toThrowError(
    core.ClientOnlyPropertyError,
  )
  {
    const { onMount } = core.hydrate(config)
    expect(typeof onMount).toBe('function')
  }
  expect(config.store.getState().signer).toBeUndefined()
})
