import type { Address } from 'viem'

/**
 * How a Sigil account calls out, so call-target rules can read its call data: `execute` and the
 * `executeBatch` forms its code implements (`decodeCallTargets`).
 */
export type SigilAccountCalls = 'light-account' | 'modular-account'

/** One of Sigil's account types: the factory that makes it and the code its accounts run. */
export type SigilAccountKind = {
  /** For messages: `LightAccount v2.0.0`. */
  name: string
  /** Lowercase. */
  factory: Address
  /** Lowercase: what the factory's proxies (ERC-1967 or EIP-1167) point at, and what an owner may upgrade to among them. */
  implementations: readonly Address[]
  /** Lowercase: EIP-7702 implementations an EOA may delegate to and count as this type. */
  delegates: readonly Address[]
  calls: SigilAccountCalls
}

/**
 * Sigil's account types at their canonical addresses (the same on the devnet and public chains; the
 * devnet's MultiOwnerModularAccount implementation is its own, as the real one is only known to its
 * factory). What each factory deploys: a minimal ERC-1967 proxy to its implementation
 * (`packages/devnet/contracts`), ModularAccountV2's factory one of two implementations (semi-modular or
 * modular, the same code), and an EOA delegated to SemiModularAccount7702 is a ModularAccountV2.
 * An account upgraded to another Sigil implementation of the same type still counts.
 */
export const sigilAccountKinds: readonly SigilAccountKind[] = [
  {
    name: 'LightAccount v1.1.0',
    factory: '0x00004ec70002a32400f8ae005a26081065620d20',
    implementations: ['0xae8c656ad28f2b59a196ab61815c16a0ae1c3cba'],
    delegates: [],
    calls: 'light-account',
  },
  {
    name: 'LightAccount v2.0.0',
    factory: '0x0000000000400cdfef5e2714e63d8040b700bc24',
    implementations: ['0x8e8e658e22b12ada97b402ff0b044d6a325013c7'],
    delegates: [],
    calls: 'light-account',
  },
  {
    name: 'MultiOwnerLightAccount v2.0.0',
    factory: '0x000000000019d2ee9f2729a65afe20bb0020aefc',
    implementations: ['0xd2c27f9ee8e4355f71915ffd5568cb3433b6823d'],
    delegates: [],
    calls: 'light-account',
  },
  {
    name: 'MultiOwnerModularAccount',
    factory: '0x000000e92d78d90000007f0082006fda09bd5f11',
    implementations: ['0x000000000000516a1100000000000000000000a1'],
    delegates: [],
    calls: 'modular-account',
  },
  {
    name: 'ModularAccountV2',
    factory: '0x00000000000017c61b5bee81050ec8efc9c6fecd',
    implementations: [
      // SemiModularAccountBytecode (createSemiModularAccount), ModularAccount (createAccount) and
      // SemiModularAccountStorage (what other accounts upgrade to).
      '0x000000000000c5a9089039570dd36455b5c07383',
      '0x00000000000002377b26b1eda7b0bc371c60dd4f',
      '0x0000000000006e2f9d80caec0da6500f005eb25a',
    ],
    delegates: ['0x69007702764179f14f51cdce752f4f775d74e139'],
    calls: 'modular-account',
  },
]

/**
 * The account factories Sigil's smart accounts come from (the canonical deployments of LightAccount
 * v1.1 and v2, MultiOwnerLightAccount, MultiOwnerModularAccount and ModularAccountV2, as on the devnet
 * and public chains), lowercase: a policy's default sender restriction (docs/sponsorship.md).
 */
export const sigilAccountFactories: readonly Address[] = sigilAccountKinds.map((kind) => kind.factory)
