export {
  type CreateExportBundleParameters,
  createExportBundle,
} from './bundle/createExportBundle.js'
export {
  type CreateImportBundleParameters,
  createImportBundle,
} from './bundle/createImportBundle.js'
export { type HpkeOpenParameters, hpkeOpen } from './bundle/hpkeOpen.js'
export { type HpkeSealParameters, type HpkeSealReturnType, hpkeSeal } from './bundle/hpkeSeal.js'
export {
  type OpenCredentialBundleParameters,
  openCredentialBundle,
} from './bundle/openCredentialBundle.js'
export { type OpenExportBundleParameters, openExportBundle } from './bundle/openExportBundle.js'
export {
  type ParseEncryptedBundleReturnType,
  parseEncryptedBundle,
} from './bundle/parseEncryptedBundle.js'
export {
  type SealCredentialBundleParameters,
  sealCredentialBundle,
} from './bundle/sealCredentialBundle.js'
export {
  type VerifySignedBundleParameters,
  type VerifySignedBundleReturnType,
  verifySignedBundle,
} from './bundle/verifySignedBundle.js'
export { base58checkDecode } from './encoding/base58checkDecode.js'
export { base58checkEncode } from './encoding/base58checkEncode.js'
export { base58Decode } from './encoding/base58Decode.js'
export { base58Encode } from './encoding/base58Encode.js'
export { base64urlDecode } from './encoding/base64urlDecode.js'
export { base64urlEncode } from './encoding/base64urlEncode.js'
export { bytesToHex } from './encoding/bytesToHex.js'
export { hexToBytes } from './encoding/hexToBytes.js'
export { BaseError, type BaseErrorParameters } from './errors/BaseError.js'
export { InvalidBundleError } from './errors/InvalidBundleError.js'
export { InvalidEncodingError } from './errors/InvalidEncodingError.js'
export { InvalidStampError } from './errors/InvalidStampError.js'
export type * from './frame/frameMessages.js'
export { decodeOauthState } from './oauth/decodeOauthState.js'
export { encodeOauthState } from './oauth/encodeOauthState.js'
export { getOauthNonce } from './oauth/getOauthNonce.js'
export type { OauthState } from './oauth/OauthState.js'
export { type OauthReturnParameter, oauthReturnParameters } from './oauth/oauthReturnParameters.js'
export { SigilPaymaster06 } from './paymaster/artifacts/SigilPaymaster06.js'
export { SigilPaymaster07 } from './paymaster/artifacts/SigilPaymaster07.js'
export { SigilPaymaster08 } from './paymaster/artifacts/SigilPaymaster08.js'
export type { EntryPointVersion } from './paymaster/EntryPointVersion.js'
export {
  type GetPaymasterHashParameters,
  getPaymasterHash,
  type PaymasterUserOperation,
} from './paymaster/getPaymasterHash.js'
export {
  type ActivityPath,
  type ActivityType,
  activityTypes,
  type QueryName,
  queryNames,
  terminalActivityStatuses,
} from './publicApi/activityTypes.js'
export type * from './publicApi/requests.js'
export type * from './publicApi/types.js'
export type { AccountData, AccountRoutes } from './signerApi/accountRoutes.js'
export type {
  AuthMethodRoutes,
  AuthMethods,
  OauthProviderInfo,
  PasskeyInfo,
} from './signerApi/authMethodRoutes.js'
export {
  type JwtAuthBody,
  type JwtAuthResponse,
  type JwtMfaRequiredData,
  type JwtRoutes,
  jwtErrorCodes,
} from './signerApi/jwtRoutes.js'
export type {
  MultiFactor,
  MultiFactorEntry,
  MultiFactorProof,
  RecoveryCodeEntry,
} from './signerApi/MultiFactor.js'
export type {
  CreateUsersRequest,
  DeleteUsersRequest,
  MultiOwnerMember,
  MultiOwnerRoutes,
  SignRawPayloadResult,
  UpdateRootQuorumRequest,
} from './signerApi/multiOwnerRoutes.js'
export type {
  OtpRoutes,
  OtpType,
  SmsStartBody,
  UpdateUserEmailRequest,
  UpdateUserPhoneNumberRequest,
  VerificationTokenClaims,
} from './signerApi/otpRoutes.js'
export type { PasskeyAttestation } from './signerApi/PasskeyAttestation.js'
export {
  type AuthProvider,
  type EmailStartBody,
  type OtpResponse,
  type PasskeySignupBody,
  type SignerPagePath,
  type SignerRouteBody,
  type SignerRoutePath,
  type SignerRouteResponse,
  type SignerRoutes,
  signerPagePaths,
  signerRoutePaths,
} from './signerApi/SignerRoutes.js'
export type { StampedRequest } from './signerApi/StampedRequest.js'
export {
  type SignerErrorBody,
  type SignerErrorCode,
  signerErrorCodes,
} from './signerApi/signerErrorCodes.js'
export type { SignerUser, User } from './signerApi/User.js'
export { computeActivityFingerprint } from './stamp/computeActivityFingerprint.js'
export {
  type CreateApiKeyStampParameters,
  type CreateApiKeyStampReturnType,
  createApiKeyStamp,
} from './stamp/createApiKeyStamp.js'
export { encodeStampEnvelope } from './stamp/encodeStampEnvelope.js'
export { getCompressedPublicKey } from './stamp/getCompressedPublicKey.js'
export { getWebauthnChallenge } from './stamp/getWebauthnChallenge.js'
export { getWebauthnExpectedChallenge } from './stamp/getWebauthnExpectedChallenge.js'
export { importP256PublicKey } from './stamp/importP256PublicKey.js'
export { type ApiKeyStamp, type ApiKeyStampScheme, parseApiKeyStamp } from './stamp/parseApiKeyStamp.js'
export { parseWebauthnStamp, type WebauthnStamp } from './stamp/parseWebauthnStamp.js'
export type { Stamp, Stamper } from './stamp/Stamper.js'
export { type VerifyApiKeyStampParameters, verifyApiKeyStamp } from './stamp/verifyApiKeyStamp.js'
