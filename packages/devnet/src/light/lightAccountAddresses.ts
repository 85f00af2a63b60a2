import type { Address } from 'viem'
import { entryPoint06Address, entryPoint07Address } from 'viem/account-abstraction'

/**
 * Where the devnet places Sigil's LightAccount stand-ins: the canonical factory and implementation addresses of
 * LightAccount v1.1.0 (EntryPoint v0.6), LightAccount v2.0.0 and MultiOwnerLightAccount v2.0.0 (EntryPoint v0.7),
 * so an SDK's default addresses work unchanged.
 *
 * @example
 * lightAccountAddresses.lightAccountV2.factory // '0x0000000000400CdFef5E2714E63d8040b700BC24'
 */
export const lightAccountAddresses = {
  lightAccountV1: {
    entryPoint: entryPoint06Address,
    factory: '0x00004EC70002a32400f8ae005A26081065620D20',
    implementation: '0xae8c656ad28F2B59a196AB61815C16A0AE1c3cba',
  },
  lightAccountV2: {
    entryPoint: entryPoint07Address,
    factory: '0x0000000000400CdFef5E2714E63d8040b700BC24',
    implementation: '0x8E8e658E22B12ada97B402fF0b044D6A325013C7',
  },
  multiOwnerLightAccountV2: {
    entryPoint: entryPoint07Address,
    factory: '0x000000000019d2Ee9F2729A65AfE20bb0020AefC',
    implementation: '0xd2c27F9eE8E4355f71915ffD5568cB3433b6823D',
  },
} as const satisfies Record<string, { entryPoint: Address; factory: Address; implementation: Address }>
