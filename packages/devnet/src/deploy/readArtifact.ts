import { createRequire } from 'node:module'
import type { Abi, Hex } from 'viem'

export type ArtifactPackage = 'aa-contracts-06' | 'aa-contracts-07' | '@account-abstraction/contracts'

export type Artifact = { contractName: string; abi: Abi; bytecode: Hex; deployedBytecode: Hex }

const require = createRequire(import.meta.url)

/**
 * Reads an eth-infinitism Hardhat artifact (`artifacts/<name>.json`) of account-abstraction 0.6 / 0.7 (npm
 * aliases `aa-contracts-06` / `aa-contracts-07`) or 0.8 (`@account-abstraction/contracts`).
 *
 * @example
 * const { bytecode } = readArtifact('aa-contracts-07', 'EntryPoint')
 */
export function readArtifact(packageName: ArtifactPackage, name: string): Artifact {
  return require(`${packageName}/artifacts/${name}.json`) as Artifact
}
