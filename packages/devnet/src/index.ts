// The paymaster hash and the EntryPoint versions are wire contracts: they live in @sigil/protocol.
export { type EntryPointVersion, type GetPaymasterHashParameters, getPaymasterHash } from '@sigil/protocol'
export { type StartAnvilParameters, type StartAnvilReturnType, startAnvil } from './anvil/startAnvil.js'
export { type StartAltoParameters, type StartAltoReturnType, startAlto } from './bundler/startAlto.js'
export { anvilAccounts } from './deploy/anvilAccounts.js'
export { createDevnetClient, type DevnetClient } from './deploy/createDevnetClient.js'
export {
  type DeployDevnetContractsParameters,
  type DeployDevnetContractsReturnType,
  deployDevnetContracts,
} from './deploy/deployDevnetContracts.js'
export { deployEntryPoints } from './deploy/deployEntryPoints.js'
export { deployLightAccounts } from './deploy/deployLightAccounts.js'
export { type DeployPaymastersParameters, deployPaymasters } from './deploy/deployPaymasters.js'
export type { EntryPoints } from './deploy/EntryPoints.js'
export { entryPointAddresses } from './deploy/entryPointAddresses.js'
export type { Paymasters } from './deploy/Paymasters.js'
export { paymasterArtifacts } from './deploy/paymasterArtifacts.js'
export { type PlaceContractParameters, placeContract } from './deploy/placeContract.js'
export { placeEntryPoints } from './deploy/placeEntryPoints.js'
export { type Artifact, type ArtifactPackage, readArtifact } from './deploy/readArtifact.js'
export { setPaymasterSigners } from './deploy/setPaymasterSigners.js'
export { DevnetError } from './errors/DevnetError.js'
export { createJsonRpc, type JsonRpcRequest } from './process/createJsonRpc.js'
export {
  type SolanaDevnet,
  type StartSolanaDevnetParameters,
  startSolanaDevnet,
} from './solana/startSolanaDevnet.js'
export { type DevAccount, type Devnet, type StartDevnetParameters, startDevnet } from './startDevnet.js'
export {
  type CreateTestPaymasterParameters,
  createTestPaymaster,
  dummySignature,
} from './test/createTestPaymaster.js'
export { type StartTestChainReturnType, startTestChain } from './test/startTestChain.js'
export {
  simpleAccountPackages,
  type ToTestSimpleAccountParameters,
  toTestSimpleAccount,
} from './test/toTestSimpleAccount.js'
