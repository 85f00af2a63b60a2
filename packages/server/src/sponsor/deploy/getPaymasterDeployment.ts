import { type EntryPointVersion, SigilPaymaster06, SigilPaymaster07, SigilPaymaster08 } from '@sigil/protocol'
import { type Address, encodeDeployData, getContractAddress, type Hex } from 'viem'
import { entryPoint06Address, entryPoint07Address, entryPoint08Address } from 'viem/account-abstraction'

/** Sigil's verifying paymaster artifact per EntryPoint version. */
export const paymasterArtifacts = {
  '0.6': SigilPaymaster06,
  '0.7': SigilPaymaster07,
  '0.8': SigilPaymaster08,
} as const

/** The canonical EntryPoint of each version (the same address on every chain). */
export const canonicalEntryPoints: Record<EntryPointVersion, Address> = {
  '0.6': entryPoint06Address,
  '0.7': entryPoint07Address,
  '0.8': entryPoint08Address,
}

/** The deterministic deployment proxy (Arachnid's), present on most chains: `to` = it, data = salt ‖ init code. */
export const deterministicDeployer: Address = '0x4e59b44847b379578588920cA78FbF26c0B4956C'

/** The fixed CREATE2 salt of `sigil-server paymaster deploy`: "sigil.paymaster.v1", right-padded. */
export const paymasterSalt: Hex = '0x736967696c2e7061796d61737465722e76310000000000000000000000000000'

export type PaymasterDeployment = {
  version: EntryPointVersion
  entryPoint: Address
  owner: Address
  signer: Address
  /** Where CREATE2 through the deterministic deployer puts it: the same on every chain for the same arguments. */
  address: Address
  /** Creation code with the constructor arguments (entry point, owner, signer). */
  initCode: Hex
}

/**
 * Where Sigil's verifying paymaster for `version` lands when deployed through the deterministic deployer
 * with the fixed salt and these constructor arguments, and the init code that puts it there.
 *
 * @example
 * const { address } = getPaymasterDeployment({ version: '0.7', owner: '0x…', signer: '0x…' })
 */
export function getPaymasterDeployment(parameters: {
  version: EntryPointVersion
  owner: Address
  signer: Address
  entryPoint?: Address | undefined
}): PaymasterDeployment {
  const { version, owner, signer } = parameters
  const entryPoint = parameters.entryPoint ?? canonicalEntryPoints[version]
  const { abi, bytecode } = paymasterArtifacts[version]
  const initCode = encodeDeployData({ abi, bytecode, args: [entryPoint, owner, signer] })
  const address = getContractAddress({
    opcode: 'CREATE2',
    from: deterministicDeployer,
    salt: paymasterSalt,
    bytecode: initCode,
  })
  return { version, entryPoint, owner, signer, address, initCode }
}
