export type { SmartAccountClient } from '@sigil/accounts'
export {
  type DropAndReplaceUserOperationParameters,
  type DropAndReplaceUserOperationReturnType,
  dropAndReplaceUserOperation,
} from '@sigil/accounts'
export type { Signer, SolanaConnection, SolanaSigner, User } from '@sigil/signer'
export {
  type KnownAuthProvider,
  MfaRequiredError,
  type MultiFactorEntry,
  OauthCancelledError,
  type OauthParameters,
} from '@sigil/signer'
export { type AddMfaParameters, type AddMfaReturnType, addMfa } from './actions/addMfa.js'
export {
  type AddOauthProviderParameters,
  addOauthProvider,
  type OauthProviderInfo,
} from './actions/addOauthProvider.js'
export { type AddPasskeyParameters, type AddPasskeyReturnType, addPasskey } from './actions/addPasskey.js'
export {
  type AuthenticateParameters,
  type AuthenticateReturnType,
  authenticate,
} from './actions/authenticate.js'
export { type DeleteAccountParameters, deleteAccount } from './actions/deleteAccount.js'
export { disconnect } from './actions/disconnect.js'
export {
  type ClientActions,
  type ExecuteClientActionParameters,
  type ExecuteClientActionReturnType,
  executeClientAction,
} from './actions/executeClientAction.js'
export {
  type ExportAccountParameters,
  type ExportAccountReturnType,
  exportAccount,
} from './actions/exportAccount.js'
export { type AccountData, exportAccountData } from './actions/exportAccountData.js'
export {
  type GenerateRecoveryCodesParameters,
  type GenerateRecoveryCodesReturnType,
  generateRecoveryCodes,
} from './actions/generateRecoveryCodes.js'
export {
  type GetBundlerClientReturnType,
  getBundlerClient,
  type SigilBundlerClient,
} from './actions/getBundlerClient.js'
export { type GetChainReturnType, getChain } from './actions/getChain.js'
export { type GetConnectionReturnType, getConnection } from './actions/getConnection.js'
export { type GetMfaFactorsReturnType, getMfaFactors } from './actions/getMfaFactors.js'
export {
  type GetRecoveryCodeCountReturnType,
  getRecoveryCodeCount,
} from './actions/getRecoveryCodeCount.js'
export { type GetSignerReturnType, getSigner } from './actions/getSigner.js'
export { type GetSignerStatusReturnType, getSignerStatus } from './actions/getSignerStatus.js'
export {
  type GetSmartAccountClientParameters,
  type GetSmartAccountClientReturnType,
  getSmartAccountClient,
} from './actions/getSmartAccountClient.js'
export {
  type GetSmartAccountStateParameters,
  type GetSmartAccountStateReturnType,
  getSmartAccountState,
} from './actions/getSmartAccountState.js'
export { type GetUserReturnType, getUser } from './actions/getUser.js'
export { type HydrateReturnType, hydrate } from './actions/hydrate.js'
export { type AuthMethods, listAuthMethods } from './actions/listAuthMethods.js'
export { type ReconnectReturnType, reconnect } from './actions/reconnect.js'
export { removeEmail } from './actions/removeEmail.js'
export { type RemoveMfaParameters, type RemoveMfaReturnType, removeMfa } from './actions/removeMfa.js'
export { type RemoveOauthProviderParameters, removeOauthProvider } from './actions/removeOauthProvider.js'
export { removePhoneNumber } from './actions/removePhoneNumber.js'
export {
  type SendCallsParameters,
  type SendCallsReturnType,
  sendCalls,
} from './actions/sendCalls.js'
export { type SendMfaCodeParameters, sendMfaCode } from './actions/sendMfaCode.js'
export {
  type SendUserOperationParameters,
  type SendUserOperationReturnType,
  sendUserOperation,
  type UserOperationCall,
} from './actions/sendUserOperation.js'
export {
  type SendVerificationCodeParameters,
  sendVerificationCode,
} from './actions/sendVerificationCode.js'
export { setChain } from './actions/setChain.js'
export { type SetEmailParameters, setEmail } from './actions/setEmail.js'
export { type SetPhoneNumberParameters, setPhoneNumber } from './actions/setPhoneNumber.js'
export {
  type SignMessageParameters,
  type SignMessageReturnType,
  signMessage,
} from './actions/signMessage.js'
export {
  type SignTypedDataParameters,
  type SignTypedDataReturnType,
  type SignTypedDataSigners,
  signTypedData,
} from './actions/signTypedData.js'
export {
  type ValidateMultiFactorsParameters,
  type ValidateMultiFactorsReturnType,
  validateMultiFactors,
} from './actions/validateMultiFactors.js'
export { type VerifyMfaParameters, type VerifyMfaReturnType, verifyMfa } from './actions/verifyMfa.js'
export {
  type WaitForUserOperationTransactionParameters,
  type WaitForUserOperationTransactionReturnType,
  waitForUserOperationTransaction,
} from './actions/waitForUserOperationTransaction.js'
export { watchBundlerClient } from './actions/watchBundlerClient.js'
export { watchChain } from './actions/watchChain.js'
export { watchConnection } from './actions/watchConnection.js'
export { watchSigner } from './actions/watchSigner.js'
export { watchSignerStatus } from './actions/watchSignerStatus.js'
export {
  type WatchSmartAccountClientParameters,
  watchSmartAccountClient,
} from './actions/watchSmartAccountClient.js'
export { watchUser } from './actions/watchUser.js'
export * from './chains/chains.js'
export { sigilDevnet } from './chains/sigilDevnet.js'
export { defaultIframeContainerId } from './config/defaultIframeContainerId.js'
export {
  type ChainConnectionParameters,
  type CreateConfigParameters,
  type CreateConfigReturnType,
  type CreateStorage,
  type CreateStorageParameters,
  createConfig,
  type SigilConfig,
} from './createConfig.js'
export { ChainNotFoundError } from './errors/ChainNotFoundError.js'
export { ClientOnlyPropertyError } from './errors/ClientOnlyPropertyError.js'
export { CoreError } from './errors/CoreError.js'
export {
  type AnnounceSigilProviderOptions,
  announceSigilProvider,
} from './provider/announceSigilProvider.js'
export { createSigilProvider } from './provider/createSigilProvider.js'
export type {
  SigilCallsStatus,
  SigilProvider,
  SigilProviderEvents,
  SigilProviderOptions,
  SigilProviderRequest,
} from './provider/SigilProvider.js'
export { sigilProviderIcon } from './provider/sigilProviderIcon.js'
export {
  type CreatePasskeyAccountParameters,
  type CreatePasskeyAccountReturnType,
  createPasskeyAccount,
} from './signin/createPasskeyAccount.js'
export { readSignInError, type SignInErrorInfo } from './signin/readSignInError.js'
export type { EmailMode } from './signin/resolveEmailMode.js'
export type { SignInDone, SignInLink, SignInMfa, SignInOtp, SignInStep } from './signin/SignInStep.js'
export {
  type SignInWithJwtParameters,
  type SignInWithJwtReturnType,
  signInWithJwt,
} from './signin/signInWithJwt.js'
export {
  type SignInWithOauthParameters,
  type SignInWithOauthReturnType,
  signInWithOauth,
} from './signin/signInWithOauth.js'
export { type SignInWithPasskeyReturnType, signInWithPasskey } from './signin/signInWithPasskey.js'
export {
  type StartEmailSignInParameters,
  type StartEmailSignInReturnType,
  startEmailSignIn,
} from './signin/startEmailSignIn.js'
export {
  type StartSmsSignInParameters,
  type StartSmsSignInReturnType,
  startSmsSignIn,
} from './signin/startSmsSignIn.js'
export {
  type SubmitMfaCodeParameters,
  type SubmitMfaCodeReturnType,
  submitMfaCode,
} from './signin/submitMfaCode.js'
export { type SubmitOtpParameters, type SubmitOtpReturnType, submitOtp } from './signin/submitOtp.js'
export {
  type SignInCompleting,
  type SignInFailed,
  type WatchedSignInStep,
  type WatchSignInStepOptions,
  watchSignInStep,
} from './signin/watchSignInStep.js'
export type {
  SmartAccountClientOfType,
  SmartAccountClientOptions,
  SmartAccountOfType,
  SmartAccountParameters,
} from './smartAccounts/SmartAccountParameters.js'
export { SolanaNotReadyError } from './solana/errors/SolanaNotReadyError.js'
export {
  type GetSolanaSignerParameters,
  type GetSolanaSignerReturnType,
  getSolanaSigner,
} from './solana/getSolanaSigner.js'
export {
  type SendSolanaTransactionParameters,
  type SendSolanaTransactionReturnType,
  sendSolanaTransaction,
} from './solana/sendSolanaTransaction.js'
export {
  type SignSolanaMessageParameters,
  type SignSolanaMessageReturnType,
  signSolanaMessage,
} from './solana/signSolanaMessage.js'
export { type SolanaTransfer, toSolanaTransferInstruction } from './solana/toSolanaTransferInstruction.js'
export { type CookieStorageParameters, cookieStorage } from './storage/cookieStorage.js'
export { type CookieToInitialStateReturnType, cookieToInitialState } from './storage/cookieToInitialState.js'
export { parseCookie } from './storage/parseCookie.js'
export type {
  ChainAccounts,
  Connection,
  CoreState,
  PersistedState,
  SignerStatusState,
  SmartAccountState,
  SmartAccountStatus,
  SmartAccountType,
} from './store/CoreState.js'
export type { CoreStore } from './store/createCoreStore.js'
export { createStore, type Store } from './store/createStore.js'
export { cookieLifetimeMs, storageKey, storageVersion } from './store/storeDefaults.js'
export { toSignerStatusState } from './store/toSignerStatusState.js'
export {
  type ConnectExternalWalletParameters,
  type ConnectExternalWalletReturnType,
  connectExternalWallet,
} from './wallets/connectExternalWallet.js'
export { type ConnectWalletParameters, connectWallet } from './wallets/connectWallet.js'
export {
  type CreateExternalWalletsReturnType,
  createExternalWallets,
} from './wallets/createExternalWallets.js'
export {
  type CreateWalletConnectConnectorParameters,
  createWalletConnectConnector,
  type WalletConnectParameters,
} from './wallets/createWalletConnectConnector.js'
export {
  addInjectedWallet,
  createWalletStore,
  type WalletState,
  type WalletStore,
} from './wallets/createWalletStore.js'
export { disconnectWallet } from './wallets/disconnectWallet.js'
export { WalletChainNotFoundError } from './wallets/errors/WalletChainNotFoundError.js'
export { WalletConnectionError } from './wallets/errors/WalletConnectionError.js'
export { WalletConnectNotInstalledError } from './wallets/errors/WalletConnectNotInstalledError.js'
export { WalletConnectParamsNotFoundError } from './wallets/errors/WalletConnectParamsNotFoundError.js'
export {
  findWalletConnectParameters,
  type WalletConnectUiOptions,
} from './wallets/findWalletConnectParameters.js'
export { setWalletConnection } from './wallets/setWalletConnection.js'
export { type ExternalWalletUser, toExternalWalletUser } from './wallets/toExternalWalletUser.js'
export { toWalletClient } from './wallets/toWalletClient.js'
export type {
  WalletConnection,
  WalletConnector,
  WalletProvider,
  WalletProviderDetail,
  WalletProviderInfo,
} from './wallets/WalletProvider.js'
export { walletPopupZIndex } from './wallets/walletPopupZIndex.js'
export { watchInjectedWallets } from './wallets/watchInjectedWallets.js'
