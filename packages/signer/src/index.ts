export { type AccountData, encodeOauthState, getOauthNonce, type OauthState } from '@sigil/protocol'
export { type AddMfaParameters, type AddMfaReturnType, addMfa } from './actions/addMfa.js'
export { type AddOauthProviderParameters, addOauthProvider } from './actions/addOauthProvider.js'
export { type AddPasskeyParameters, type AddPasskeyReturnType, addPasskey } from './actions/addPasskey.js'
export { addToMultiOwner } from './actions/addToMultiOwner.js'
export { type AuthenticateParameters, authenticate } from './actions/authenticate.js'
export {
  type CompleteAuthWithBundleParameters,
  completeAuthWithBundle,
} from './actions/completeAuthWithBundle.js'
export {
  type CreateAccountParameters,
  type CreateAccountReturnType,
  createAccount,
} from './actions/createAccount.js'
export { type CreateApiKeyParameters, createApiKey } from './actions/createApiKey.js'
export { type CreateMultiOwnerReturnType, createMultiOwner } from './actions/createMultiOwner.js'
export { type DeleteAccountParameters, deleteAccount } from './actions/deleteAccount.js'
export { deleteFromMultiOwner } from './actions/deleteFromMultiOwner.js'
export { disconnect } from './actions/disconnect.js'
export { exportAccountData } from './actions/exportAccountData.js'
export {
  type ExportWalletParameters,
  type ExportWalletReturnType,
  exportWallet,
} from './actions/exportWallet.js'
export {
  type GenerateRecoveryCodesParameters,
  type GenerateRecoveryCodesReturnType,
  generateRecoveryCodes,
} from './actions/generateRecoveryCodes.js'
export { type GetConfigReturnType, getConfig } from './actions/getConfig.js'
export { type GetMfaFactorsReturnType, getMfaFactors } from './actions/getMfaFactors.js'
export { type GetPasskeyStatusReturnType, getPasskeyStatus } from './actions/getPasskeyStatus.js'
export { getPendingMfaFactors } from './actions/getPendingMfaFactors.js'
export {
  type GetRecoveryCodeCountReturnType,
  getRecoveryCodeCount,
} from './actions/getRecoveryCodeCount.js'
export { handleRedirectReturn, returnQueryParameters } from './actions/handleRedirectReturn.js'
export {
  type InitEmailAuthParameters,
  type InitEmailAuthReturnType,
  initEmailAuth,
} from './actions/initEmailAuth.js'
export { initSmsAuth } from './actions/initSmsAuth.js'
export { listAuthMethods } from './actions/listAuthMethods.js'
export { type LookupUserByEmailReturnType, lookupUserByEmail } from './actions/lookupUserByEmail.js'
export { lookupUserByPhone } from './actions/lookupUserByPhone.js'
export { lookupUserWithPasskey } from './actions/lookupUserWithPasskey.js'
export {
  type MultiOwnerSignRawMessageParameters,
  multiOwnerSignRawMessage,
} from './actions/multiOwnerSignRawMessage.js'
export { oauthWithPopup } from './actions/oauthWithPopup.js'
export { oauthWithRedirect } from './actions/oauthWithRedirect.js'
export { type OauthConfig, preparePopupOauth } from './actions/preparePopupOauth.js'
export { recheckSession } from './actions/recheckSession.js'
export { type RemoveMfaParameters, removeMfa } from './actions/removeMfa.js'
export { type RemoveOauthProviderParameters, removeOauthProvider } from './actions/removeOauthProvider.js'
export { restoreSession } from './actions/restoreSession.js'
export { type SendMfaCodeParameters, sendMfaCode } from './actions/sendMfaCode.js'
export { type SendSmsAuthReturnType, sendSmsAuth } from './actions/sendSmsAuth.js'
export { sendVerificationCode } from './actions/sendVerificationCode.js'
export {
  type SignAuthorizationParameters,
  type SignAuthorizationReturnType,
  signAuthorization,
} from './actions/signAuthorization.js'
export { type SignMessageParameters, type SignMessageReturnType, signMessage } from './actions/signMessage.js'
export { type SignRawMessageParameters, signRawMessage } from './actions/signRawMessage.js'
export {
  type SignTransactionParameters,
  type SignTransactionReturnType,
  signTransaction,
} from './actions/signTransaction.js'
export {
  type SignTypedDataParameters,
  type SignTypedDataReturnType,
  signTypedData,
} from './actions/signTypedData.js'
export { stampAsMultiOwner } from './actions/stampAsMultiOwner.js'
export { type GatewayStamp, stampGatewayRequest } from './actions/stampGatewayRequest.js'
export {
  type StartAuthenticationParameters,
  type StartAuthenticationReturnType,
  startAuthentication,
} from './actions/startAuthentication.js'
export {
  type SubmitOtpCodeParameters,
  type SubmitOtpCodeReturnType,
  submitOtpCode,
} from './actions/submitOtpCode.js'
export { type ToViemAccountReturnType, toViemAccount } from './actions/toViemAccount.js'
export { type UpdateContactParameters, updateContact } from './actions/updateContact.js'
export { type ValidateMultiFactorsParameters, validateMultiFactors } from './actions/validateMultiFactors.js'
export { type VerifyMfaParameters, verifyMfa } from './actions/verifyMfa.js'
export { type WhoamiParameters, whoami } from './actions/whoami.js'
export { createSignerClient } from './client/createSignerClient.js'
export type { SignerClient, SignerClientCurrent } from './client/SignerClient.js'
export { defaultRootOrgId, defaultSessionKey, defaultSessionMs } from './config/defaults.js'
export { InvalidSignerConfigError } from './config/InvalidSignerConfigError.js'
export { resolveSignerConfig } from './config/resolveSignerConfig.js'
export type { CreateSignerParameters, ResolvedSignerConfig, SignerWindow } from './config/SignerConfig.js'
export { createSigner } from './createSigner.js'
export { type SignerActions, signerActions } from './decorators/signerActions.js'
export { MfaRequiredError } from './errors/MfaRequiredError.js'
export { NotAuthenticatedError } from './errors/NotAuthenticatedError.js'
export { OAuthProvidersError } from './errors/OAuthProvidersError.js'
export { OauthCancelledError } from './errors/OauthCancelledError.js'
export { OauthFailedError } from './errors/OauthFailedError.js'
export { SignerError } from './errors/SignerError.js'
export { SignerRequestError } from './errors/SignerRequestError.js'
export { SolanaRpcError } from './errors/SolanaRpcError.js'
export { type GetOauthProviderUrlParameters, getOauthProviderUrl } from './oauth/getOauthProviderUrl.js'
export type { KnownAuthProvider } from './oauth/knownOauthProviders.js'
export type { OauthParameters } from './oauth/OauthParameters.js'
export type { Signer, SignerStateGetters } from './Signer.js'
export { createMemoryStorage } from './session/createMemoryStorage.js'
export type { SessionManager } from './session/createSessionManager.js'
export type { Session, TemporarySession } from './session/Session.js'
export type { SolanaConnection } from './solana/SolanaConnection.js'
export {
  type SendSolanaTransactionOptions,
  type SolanaCommitment,
  sendSolanaTransaction,
} from './solana/sendSolanaTransaction.js'
export { type SolanaSigner, toSolanaSigner } from './solana/toSolanaSigner.js'
export { type CreateApiKeyStamperParameters, createApiKeyStamper } from './stampers/createApiKeyStamper.js'
export {
  type CreateExportFrameParameters,
  createExportFrame,
  type ExportFrame,
} from './stampers/createExportFrame.js'
export { createFramePortClient, type FramePortClient } from './stampers/createFramePortClient.js'
export { type CreateFrameStamperParameters, createFrameStamper } from './stampers/createFrameStamper.js'
export {
  type CreateWebauthnStamperParameters,
  createWebauthnStamper,
} from './stampers/createWebauthnStamper.js'
export type { SessionStamper, Stamp, Stamper } from './stampers/Stamper.js'
export type { SignerEventName, SignerEvents } from './store/SignerEvents.js'
export {
  type AuthenticatingType,
  type AuthenticationStep,
  type AuthMethods,
  type ErrorInfo,
  type MfaStatus,
  type MultiFactor,
  type MultiFactorEntry,
  type MultiFactorProof,
  type OauthProviderInfo,
  type PasskeyInfo,
  type RecoveryCodeEntry,
  type SignerState,
  type SignerStatus,
  type StampedRequest,
  signerStatus,
  type User,
} from './types.js'
export { version } from './version.js'
