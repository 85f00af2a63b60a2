import type { Address } from 'viem'
import { entryPoint06Address, entryPoint07Address } from 'viem/account-abstraction'

/**
 * Where the devnet places Sigil's modular account stand-ins: the canonical addresses of MultiOwnerModularAccount
 * (MA v1, EntryPoint v0.6) and ModularAccountV2 (EntryPoint v0.7), so an SDK's default addresses work unchanged.
 * The MA v1 account implementation is only known to its factory (`IMPL()`), so its address is ours.
 *
 * @example
 * modularAccountAddresses.modularAccountV2.factory // '0x00000000000017c61b5bEe81050EC8eFc9c6fecd'
 */
export const modularAccountAddresses = {
  multiOwnerModularAccount: {
    entryPoint: entryPoint06Address,
    factory: '0x000000e92D78D90000007F0082006FDA09BD5f11',
    multiOwnerPlugin: '0xcE0000007B008F50d762D155002600004cD6c647',
    implementation: '0x000000000000516A1100000000000000000000a1',
  },
  modularAccountV2: {
    entryPoint: entryPoint07Address,
    factory: '0x00000000000017c61b5bEe81050EC8eFc9c6fecd',
    /** SemiModularAccountBytecode: what `createSemiModularAccount` proxies point at. */
    implementation: '0x000000000000c5A9089039570Dd36455b5C07383',
    /** MA v2: what `createAccount(owner, salt, entityId)` proxies point at (the same code). */
    accountImplementation: '0x00000000000002377B26b1EdA7b0BC371C60DD4f',
    /** SMA Storage: the same code, the target of `upgradeToAndCall(impl, initialize(owner))` from other accounts. */
    storageImplementation: '0x0000000000006E2f9d80CaEc0Da6500f005EB25A',
    /** Keeps the signers of entity ids other than 0 and defines their EIP-712 domain. */
    singleSignerValidationModule: '0x00000000000099DE0BF6fA90dEB851E2A2df7d83',
  },
  modularAccountV2In7702: {
    /** alto 0.0.20 accepts `eip7702Auth` user operations on v0.7 (bundlerUserOperations.test.ts). */
    entryPoint: entryPoint07Address,
    implementation: '0x69007702764179f14F51cdce752f4f775d74E139',
  },
} as const satisfies Record<string, Record<string, Address>>
