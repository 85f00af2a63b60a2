export { lightAccountAbi } from './abis/lightAccountAbi.js'
export { lightAccountFactoryAbi } from './abis/lightAccountFactoryAbi.js'
export { modularAccountAbi } from './abis/modularAccountAbi.js'
export { modularAccountV2FactoryAbi } from './abis/modularAccountV2FactoryAbi.js'
export { multiOwnerLightAccountAbi } from './abis/multiOwnerLightAccountAbi.js'
export { multiOwnerLightAccountFactoryAbi } from './abis/multiOwnerLightAccountFactoryAbi.js'
export { multiOwnerModularAccountFactoryAbi } from './abis/multiOwnerModularAccountFactoryAbi.js'
export { multiOwnerPluginAbi } from './abis/multiOwnerPluginAbi.js'
export { type BuildFullNonceKeyParameters, buildFullNonceKey } from './accounts/buildFullNonceKey.js'
export { decodeLightAccountCalls } from './accounts/decodeLightAccountCalls.js'
export { decodeModularAccountCalls } from './accounts/decodeModularAccountCalls.js'
export { type AccountCall, encodeLightAccountCalls } from './accounts/encodeLightAccountCalls.js'
export { encodeModularAccountCalls } from './accounts/encodeModularAccountCalls.js'
export {
  type GetCounterFactualAddressParameters,
  getCounterFactualAddress,
} from './accounts/getCounterFactualAddress.js'
export { normalizeOwners } from './accounts/normalizeOwners.js'
export type { SmartAccountOwner } from './accounts/SmartAccountOwner.js'
export {
  type LightAccountExtension,
  type LightAccountImplementation,
  type LightAccountVersion,
  type ToLightAccountParameters,
  type ToLightAccountReturnType,
  toLightAccount,
} from './accounts/toLightAccount.js'
export {
  type ModularAccountV2Extension,
  type ModularAccountV2Implementation,
  type ModularAccountV2Mode,
  type ToModularAccountV2Parameters,
  type ToModularAccountV2ReturnType,
  toModularAccountV2,
} from './accounts/toModularAccountV2.js'
export {
  type MultiOwnerLightAccountExtension,
  type MultiOwnerLightAccountImplementation,
  type ToMultiOwnerLightAccountParameters,
  type ToMultiOwnerLightAccountReturnType,
  toMultiOwnerLightAccount,
} from './accounts/toMultiOwnerLightAccount.js'
export {
  type MultiOwnerModularAccountExtension,
  type MultiOwnerModularAccountImplementation,
  type ToMultiOwnerModularAccountParameters,
  type ToMultiOwnerModularAccountReturnType,
  toMultiOwnerModularAccount,
} from './accounts/toMultiOwnerModularAccount.js'
export * from './chains/chains.js'
export {
  type DefineSigilChainParameters,
  defineSigilChain,
  type SigilChain,
} from './chains/defineSigilChain.js'
export { getGatewayUrl } from './chains/getGatewayUrl.js'
export { getSigilRpcUrl } from './chains/getSigilRpcUrl.js'
export { sigilDevnet } from './chains/sigilDevnet.js'
export { applyFeeOption, type FeeOption, type FeeOptions, multiplyBigInt } from './client/applyFeeOption.js'
export {
  type CreateSmartAccountClientParameters,
  createSmartAccountClient,
  type SmartAccountClient,
} from './client/createSmartAccountClient.js'
export {
  type DropAndReplaceUserOperationParameters,
  type DropAndReplaceUserOperationReturnType,
  dropAndReplaceUserOperation,
} from './client/dropAndReplaceUserOperation.js'
export { type EstimateFeesPerGasReturnType, estimateFeesPerGas } from './client/estimateFeesPerGas.js'
export { publicClientBatch } from './client/publicClientBatch.js'
export { receiptWaitDefaults } from './client/receiptWaitDefaults.js'
export {
  type RequestGasAndPaymasterAndDataParameters,
  type RequestGasAndPaymasterAndDataReturnType,
  requestGasAndPaymasterAndData,
} from './client/requestGasAndPaymasterAndData.js'
export {
  defaultFeeOptions,
  type ResolvedClientOptions,
  resolveClientOptions,
  type SmartAccountClientOptions,
} from './client/resolveClientOptions.js'
export type {
  SendCallsParameters,
  SmartAccountActions,
  UserOperationOverrides,
} from './client/smartAccountActions.js'
export {
  type WaitForUserOperationTransactionParameters,
  waitForUserOperationTransaction,
} from './client/waitForUserOperationTransaction.js'
export { defaultAddresses } from './constants/defaultAddresses.js'
export { dummySignature } from './constants/dummySignature.js'
export { entryPoints } from './constants/entryPoints.js'
export { AccountsError } from './errors/AccountsError.js'
export { ChainNotFoundError } from './errors/ChainNotFoundError.js'
export { EntityIdOverrideError } from './errors/EntityIdOverrideError.js'
export { FailedToFindTransactionError } from './errors/FailedToFindTransactionError.js'
export { FeeEstimationError } from './errors/FeeEstimationError.js'
export { GetCounterFactualAddressError } from './errors/GetCounterFactualAddressError.js'
export { InvalidClientOptionError } from './errors/InvalidClientOptionError.js'
export { InvalidEntityIdError } from './errors/InvalidEntityIdError.js'
export { InvalidFeeOptionError } from './errors/InvalidFeeOptionError.js'
export { InvalidModularAccountModeError } from './errors/InvalidModularAccountModeError.js'
export { InvalidNonceKeyError } from './errors/InvalidNonceKeyError.js'
export { InvalidRpcUrlError } from './errors/InvalidRpcUrlError.js'
export {
  type SigilSessionStamp,
  type SigilSessionStamper,
  type SigilTransportConfig,
  sigil,
} from './transport/sigil.js'
