import type { Address } from 'viem'

/**
 * The account factories Sigil's smart accounts come from (the canonical deployments of LightAccount
 * v1.1 and v2, MultiOwnerLightAccount, MultiOwnerModularAccount and ModularAccountV2, as on the devnet
 * and public chains), lowercase: a policy's default sender restriction (docs/sponsorship.md).
 */
export const sigilAccountFactories: readonly Address[] = [
  '0x00004ec70002a32400f8ae005a26081065620d20',
  '0x0000000000400cdfef5e2714e63d8040b700bc24',
  '0x000000000019d2ee9f2729a65afe20bb0020aefc',
  '0x000000e92d78d90000007f0082006fda09bd5f11',
  '0x00000000000017c61b5bee81050ec8efc9c6fecd',
]
