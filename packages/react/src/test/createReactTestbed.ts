import type { CreateConfigParameters } from '@sigil/core'
import { createMemoryStorage } from '@sigil/signer'
import { cleanup } from '@testing-library/react'
import { createCoreTestbed } from '../../../core/src/test/createCoreTestbed.js'
import { createConfig } from '../context/createConfig.js'
import type { SigilReactConfig, SigilUiConfig } from '../context/SigilUiConfig.js'

export type ReactTestbed = Awaited<ReturnType<typeof createReactTestbed>>

/**
 * Test helper: `@sigil/core`'s testbed (the real server in process, Node key-frame stand-ins) with
 * configs made by `@sigil/react`'s `createConfig`, optionally with UI options. The app state is kept
 * in memory unless `storage` is given, so tests in one file do not share happy-dom's localStorage.
 *
 * @example
 * const testbed = await createReactTestbed()
 * const config = testbed.createConfig({}, { auth: { sections: [[{ type: 'external_wallets' }]] } })
 */
export async function createReactTestbed() {
  const core = await createCoreTestbed()
  const configs: SigilReactConfig[] = []
  return {
    ...core,
    createConfig(overrides: Partial<CreateConfigParameters> = {}, ui?: SigilUiConfig) {
      const storage = createMemoryStorage()
      const config = createConfig(core.parameters({ storage: () => storage, ...overrides }), ui)
      configs.push(config)
      return config
    },
    /** Unmounts what the test rendered (Vitest runs without globals, so Testing Library cannot), then stops the server. */
    async cleanup() {
      cleanup()
      for (const config of configs) config.store.getState().signer?.destroy()
      await core.cleanup()
    },
  }
}
