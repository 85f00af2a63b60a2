import { describe, expect, test } from 'vitest'
import { lightAccountAddresses } from '../../../devnet/src/light/lightAccountAddresses.js'
import { modularAccountAddresses } from '../../../devnet/src/modular/modularAccountAddresses.js'
import { sigilAccountFactories, sigilAccountKinds } from './sigilAccountFactories.js'

const lower = (address: string) => address.toLowerCase()

describe('sigilAccountKinds', () => {
  test("default: every factory and implementation is the devnet's (the canonical addresses), lowercase", () => {
    const { lightAccountV1, lightAccountV2, multiOwnerLightAccountV2 } = lightAccountAddresses
    const { multiOwnerModularAccount, modularAccountV2, modularAccountV2In7702 } = modularAccountAddresses
    const expected = [
      { factory: lightAccountV1.factory, implementations: [lightAccountV1.implementation], delegates: [] },
      { factory: lightAccountV2.factory, implementations: [lightAccountV2.implementation], delegates: [] },
      {
        factory: multiOwnerLightAccountV2.factory,
        implementations: [multiOwnerLightAccountV2.implementation],
        delegates: [],
      },
      {
        factory: multiOwnerModularAccount.factory,
        implementations: [multiOwnerModularAccount.implementation],
        delegates: [],
      },
      {
        factory: modularAccountV2.factory,
        implementations: [
          modularAccountV2.implementation,
          modularAccountV2.accountImplementation,
          modularAccountV2.storageImplementation,
        ],
        delegates: [modularAccountV2In7702.implementation],
      },
    ].map(({ factory, implementations, delegates }) => ({
      factory: lower(factory),
      implementations: implementations.map(lower),
      delegates: delegates.map(lower),
    }))
    expect(
      sigilAccountKinds.map(({ factory, implementations, delegates }) => ({
        factory,
        implementations,
        delegates,
      })),
    ).toEqual(expected)
    expect(sigilAccountFactories).toEqual(expected.map((kind) => kind.factory))
  })
})
