import type { Address } from 'viem'

/**
 * The canonical factory and implementation addresses of every account type (docs/account-kit.md#smart-accounts). On public
 * chains these hold the audited contracts; `@sigil/devnet` places compatible stand-ins at the same
 * addresses, so no address needs overriding locally.
 *
 * @example
 * defaultAddresses.lightAccount['v2.0.0'].factory // '0x0000000000400CdFef5E2714E63d8040b700BC24'
 */
export const defaultAddresses = {
  lightAccount: {
    'v1.1.0': {
      factory: '0x00004EC70002a32400f8ae005A26081065620D20',
      implementation: '0xae8c656ad28F2B59a196AB61815C16A0AE1c3cba',
    },
    'v2.0.0': {
      factory: '0x0000000000400CdFef5E2714E63d8040b700BC24',
      implementation: '0x8E8e658E22B12ada97B402fF0b044D6A325013C7',
    },
  },
  multiOwnerLightAccount: {
    'v2.0.0': {
      factory: '0x000000000019d2Ee9F2729A65AfE20bb0020AefC',
      implementation: '0xd2c27F9eE8E4355f71915ffD5568cB3433b6823D',
    },
  },
  multiOwnerModularAccount: {
    factory: '0x000000e92D78D90000007F0082006FDA09BD5f11',
    multiOwnerPlugin: '0xcE0000007B008F50d762D155002600004cD6c647',
  },
  modularAccountV2: {
    factory: '0x00000000000017c61b5bEe81050EC8eFc9c6fecd',
    semiModularAccountBytecode: '0x000000000000c5A9089039570Dd36455b5C07383',
    semiModularAccountStorage: '0x0000000000006E2f9d80CaEc0Da6500f005EB25A',
    modularAccount: '0x00000000000002377B26b1EdA7b0BC371C60DD4f',
    semiModularAccount7702: '0x69007702764179f14F51cdce752f4f775d74E139',
    singleSignerValidationModule: '0x00000000000099DE0BF6fA90dEB851E2A2df7d83',
  },
} as const satisfies Record<string, Record<string, Address | Record<string, Address>>>
