import type { SerializeTransactionFn, TransactionSerializable, TypedData } from 'viem'
import type { AddMfaParameters, AddMfaReturnType } from './actions/addMfa.js'
import type { AddPasskeyReturnType } from './actions/addPasskey.js'
import type { AuthenticateParameters } from './actions/authenticate.js'
import type { ExportWalletParameters } from './actions/exportWallet.js'
import type { GetConfigReturnType } from './actions/getConfig.js'
import type { GetMfaFactorsReturnType } from './actions/getMfaFactors.js'
import type { GetPasskeyStatusReturnType } from './actions/getPasskeyStatus.js'
import type { LookupUserByEmailReturnType } from './actions/lookupUserByEmail.js'
import type { OauthConfig } from './actions/preparePopupOauth.js'
import type { RemoveMfaParameters } from './actions/removeMfa.js'
import type { SignAuthorizationParameters, SignAuthorizationReturnType } from './actions/signAuthorization.js'
import type { SignMessageParameters } from './actions/signMessage.js'
import type { SignRawMessageParameters } from './actions/signRawMessage.js'
import type { SignTransactionReturnType } from './actions/signTransaction.js'
import type { SignTypedDataParameters } from './actions/signTypedData.js'
import type { ToViemAccountReturnType } from './actions/toViemAccount.js'
import type { ValidateMultiFactorsParameters } from './actions/validateMultiFactors.js'
import type { VerifyMfaParameters } from './actions/verifyMfa.js'
import type { ResolvedSignerConfig, SignerWindow } from './config/SignerConfig.js'
import type { SessionManager } from './session/createSessionManager.js'
import type { SolanaSigner } from './solana/toSolanaSigner.js'
import type { SessionStamper, Stamper } from './stampers/Stamper.js'
import type { Emitter } from './store/createEmitter.js'
import type { SignerStore } from './store/createSignerStore.js'
import type { SignerEvents } from './store/SignerEvents.js'
import type {
  ErrorInfo,
  MfaStatus,
  MultiFactor,
  SignerState,
  SignerStatus,
  StampedRequest,
  User,
} from './types.js'

/**
 * A signer made by `createSigner`: its state, its events, and methods that call the actions of
 * `src/actions` with it. The lower-case fields below the methods are what actions work with.
 */
export type Signer = {
  readonly status: SignerStatus
  readonly user: User | undefined
  readonly error: ErrorInfo | undefined
  readonly mfaStatus: MfaStatus
  readonly isNewUser: boolean | undefined
  readonly otpId: string | undefined
  /** Settles when the stored session (or the return from a redirect) has been handled. */
  readonly ready: Promise<void>
  on<TName extends keyof SignerEvents>(event: TName, listener: SignerEvents[TName]): () => void

  authenticate(parameters: AuthenticateParameters): Promise<User>
  validateMultiFactors(parameters: ValidateMultiFactorsParameters): Promise<User>
  disconnect(): Promise<void>
  whoami(): Promise<User>
  lookupUserByEmail(email: string): Promise<LookupUserByEmailReturnType>
  preparePopupOauth(): Promise<OauthConfig>
  getMfaStatus(): MfaStatus
  getMfaFactors(): Promise<GetMfaFactorsReturnType>
  addMfa(parameters: AddMfaParameters): Promise<AddMfaReturnType>
  verifyMfa(parameters: VerifyMfaParameters): Promise<{ multiFactors: MultiFactor[] }>
  removeMfa(parameters: RemoveMfaParameters): Promise<{ multiFactors: MultiFactor[] }>
  signRawMessage(parameters: SignRawMessageParameters): Promise<`0x${string}`>
  signMessage(message: SignMessageParameters['message']): Promise<`0x${string}`>
  signTypedData<
    const typedData extends TypedData | Record<string, unknown>,
    primaryType extends keyof typedData | 'EIP712Domain' = keyof typedData,
  >(typedData: SignTypedDataParameters<typedData, primaryType>): Promise<`0x${string}`>
  signTransaction<
    serializer extends
      SerializeTransactionFn<TransactionSerializable> = SerializeTransactionFn<TransactionSerializable>,
    transaction extends Parameters<serializer>[0] = Parameters<serializer>[0],
  >(
    transaction: transaction,
    options?: { serializer?: serializer | undefined } | undefined,
  ): Promise<SignTransactionReturnType>
  signAuthorization(parameters: SignAuthorizationParameters): Promise<SignAuthorizationReturnType>
  toViemAccount(): ToViemAccountReturnType
  toSolanaSigner(): SolanaSigner
  getPasskeyStatus(): Promise<GetPasskeyStatusReturnType>
  addPasskey(creationOpts?: CredentialCreationOptions | undefined): Promise<AddPasskeyReturnType>
  exportWallet(parameters: ExportWalletParameters): Promise<boolean>
  /** The app's sign-in settings from the server (`/v1/signer-config`), fetched once. */
  getConfig(): Promise<GetConfigReturnType>
  /** Stops timers and window listeners (the signer stays usable for explicit calls). */
  destroy(): void

  readonly config: ResolvedSignerConfig
  readonly fetch: typeof fetch
  readonly window: SignerWindow | undefined
  readonly store: SignerStore
  readonly events: Emitter<SignerEvents>
  readonly sessions: SessionManager
  /** The key holder that credential bundles are sealed to. */
  readonly sessionStamper: SessionStamper
  /** What stamps requests now: the session stamper, or a passkey after a passkey login. */
  stamper: Stamper
  /** `/v1/prepare-oauth`'s answer, cached for popup OAuth. */
  oauthConfig: OauthConfig | undefined
  /** `/v1/signer-config`'s answer, cached by `getConfig`. */
  serverConfig: Promise<GetConfigReturnType> | undefined
  getState(): SignerState
  /** Builds a stamped request (`{body, stamp, url}`) for the key API path, e.g. `query/whoami`. */
  stampRequest(path: string, body: Record<string, unknown>): Promise<StampedRequest>
}
