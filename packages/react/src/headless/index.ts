/**
 * `@sigil/react/headless`: the provider, hooks and errors without the sign-in UI, for apps that draw
 * their own (see README.md in this folder). `@sigil/react` re-exports all of it.
 */
export {
  type CookieStorageParameters,
  cookieStorage,
  cookieToInitialState,
  SolanaNotReadyError,
  type SolanaTransfer,
  WalletChainNotFoundError,
  type WalletConnection,
  WalletConnectionError,
  WalletConnectNotInstalledError,
  type WalletConnector,
  type WalletConnectParameters,
  WalletConnectParamsNotFoundError,
  type WalletProvider,
  type WalletProviderDetail,
  type WalletProviderInfo,
} from '@sigil/core'
export { createConfig } from '../context/createConfig.js'
export { NoSigilContextError } from '../context/errors/NoSigilContextError.js'
export { SignerNotReadyError } from '../context/errors/SignerNotReadyError.js'
export { SmartAccountClientNotReadyError } from '../context/errors/SmartAccountClientNotReadyError.js'
export { SigilContext, type SigilContextValue } from '../context/SigilContext.js'
export { SigilProvider, type SigilProviderProps } from '../context/SigilProvider.js'
export type { SigilReactConfig, SigilUiConfig } from '../context/SigilUiConfig.js'
export { type UseAuthModalStateReturnType, useAuthModalState } from '../context/useAuthModalState.js'
export type { MutationParameters } from '../hooks/MutationParameters.js'
export {
  type UseAccountParameters,
  type UseAccountReturnType,
  useAccount,
} from '../hooks/useAccount.js'
export {
  type UseAddOauthProviderParameters,
  type UseAddOauthProviderReturnType,
  useAddOauthProvider,
} from '../hooks/useAddOauthProvider.js'
export {
  type UseAddPasskeyParameters,
  type UseAddPasskeyReturnType,
  useAddPasskey,
} from '../hooks/useAddPasskey.js'
export { type UseAuthErrorReturnType, useAuthError } from '../hooks/useAuthError.js'
export {
  type UseAuthenticateParameters,
  type UseAuthenticateReturnType,
  useAuthenticate,
} from '../hooks/useAuthenticate.js'
export { type UseAuthModalReturnType, useAuthModal } from '../hooks/useAuthModal.js'
export { type UseBundlerClientReturnType, useBundlerClient } from '../hooks/useBundlerClient.js'
export {
  type SetChainVariables,
  type UseChainParameters,
  type UseChainReturnType,
  useChain,
} from '../hooks/useChain.js'
export {
  type ExecuteActionVariables,
  type UseClientActionsParameters,
  type UseClientActionsReturnType,
  useClientActions,
} from '../hooks/useClientActions.js'
export {
  type ConnectVariables,
  type UseConnectParameters,
  type UseConnectReturnType,
  useConnect,
} from '../hooks/useConnect.js'
export { type UseConnectionReturnType, useConnection } from '../hooks/useConnection.js'
export {
  type UseDeleteAccountParameters,
  type UseDeleteAccountReturnType,
  useDeleteAccount,
} from '../hooks/useDeleteAccount.js'
export {
  type UseDropAndReplaceUserOperationParameters,
  type UseDropAndReplaceUserOperationReturnType,
  useDropAndReplaceUserOperation,
} from '../hooks/useDropAndReplaceUserOperation.js'
export {
  type ExportAccountComponentProps,
  type UseExportAccountParameters,
  type UseExportAccountReturnType,
  useExportAccount,
} from '../hooks/useExportAccount.js'
export { getListAuthMethodsQueryKey, useListAuthMethods } from '../hooks/useListAuthMethods.js'
export { type UseLogoutParameters, type UseLogoutReturnType, useLogout } from '../hooks/useLogout.js'
export { type UseMFAReturnType, useMFA } from '../hooks/useMFA.js'
export {
  type UseRemoveEmailParameters,
  type UseRemoveEmailReturnType,
  useRemoveEmail,
} from '../hooks/useRemoveEmail.js'
export {
  type UseRemoveOauthProviderParameters,
  type UseRemoveOauthProviderReturnType,
  useRemoveOauthProvider,
} from '../hooks/useRemoveOauthProvider.js'
export {
  type UseSendCallsParameters,
  type UseSendCallsReturnType,
  useSendCalls,
} from '../hooks/useSendCalls.js'
export {
  type SendUserOperationVariables,
  type UseSendUserOperationParameters,
  type UseSendUserOperationReturnType,
  useSendUserOperation,
} from '../hooks/useSendUserOperation.js'
export {
  type UseSendVerificationCodeParameters,
  type UseSendVerificationCodeReturnType,
  useSendVerificationCode,
} from '../hooks/useSendVerificationCode.js'
export {
  type UseSetEmailParameters,
  type UseSetEmailReturnType,
  useSetEmail,
} from '../hooks/useSetEmail.js'
export { useSigilConfig } from '../hooks/useSigilConfig.js'
export { type UseSignerReturnType, useSigner } from '../hooks/useSigner.js'
export { type UseSignerStatusReturnType, useSignerStatus } from '../hooks/useSignerStatus.js'
export {
  type UseSignMessageParameters,
  type UseSignMessageReturnType,
  type UseSignMessageVariables,
  useSignMessage,
} from '../hooks/useSignMessage.js'
export {
  type UseSignTypedDataParameters,
  type UseSignTypedDataReturnType,
  type UseSignTypedDataVariables,
  useSignTypedData,
} from '../hooks/useSignTypedData.js'
export {
  type UseSmartAccountClientParameters,
  type UseSmartAccountClientReturnType,
  useSmartAccountClient,
} from '../hooks/useSmartAccountClient.js'
export { type UseSolanaSignerReturnType, useSolanaSigner } from '../hooks/useSolanaSigner.js'
export {
  type SolanaSignMessageVariables,
  type UseSolanaSignMessageParameters,
  type UseSolanaSignMessageReturnType,
  useSolanaSignMessage,
} from '../hooks/useSolanaSignMessage.js'
export {
  type SolanaTransactionResult,
  type SolanaTransactionVariables,
  type UseSolanaTransactionParameters,
  type UseSolanaTransactionReturnType,
  useSolanaTransaction,
} from '../hooks/useSolanaTransaction.js'
export { useUiConfig } from '../hooks/useUiConfig.js'
export { type UseUserReturnType, useUser } from '../hooks/useUser.js'
export {
  type UseValidateMultiFactorsParameters,
  type UseValidateMultiFactorsReturnType,
  useValidateMultiFactors,
} from '../hooks/useValidateMultiFactors.js'
export {
  type UseWaitForUserOperationTransactionParameters,
  type UseWaitForUserOperationTransactionReturnType,
  useWaitForUserOperationTransaction,
} from '../hooks/useWaitForUserOperationTransaction.js'
export { SigilSolanaContext, type SigilSolanaContextValue } from '../solana/SigilSolanaContext.js'
