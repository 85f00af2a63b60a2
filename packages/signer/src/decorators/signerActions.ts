import type { SerializeTransactionFn, TransactionSerializable, TypedData } from 'viem'
import { type AddMfaParameters, addMfa } from '../actions/addMfa.js'
import { type AddOauthProviderParameters, addOauthProvider } from '../actions/addOauthProvider.js'
import { addPasskey } from '../actions/addPasskey.js'
import { addToMultiOwner } from '../actions/addToMultiOwner.js'
import { type AuthenticateParameters, authenticate } from '../actions/authenticate.js'
import { type CreateApiKeyParameters, createApiKey } from '../actions/createApiKey.js'
import { createMultiOwner } from '../actions/createMultiOwner.js'
import { type DeleteAccountParameters, deleteAccount } from '../actions/deleteAccount.js'
import { deleteFromMultiOwner } from '../actions/deleteFromMultiOwner.js'
import { disconnect } from '../actions/disconnect.js'
import { exportAccountData } from '../actions/exportAccountData.js'
import { type ExportWalletParameters, exportWallet } from '../actions/exportWallet.js'
import {
  type GenerateRecoveryCodesParameters,
  generateRecoveryCodes,
} from '../actions/generateRecoveryCodes.js'
import { getConfig } from '../actions/getConfig.js'
import { getMfaFactors } from '../actions/getMfaFactors.js'
import { getPasskeyStatus } from '../actions/getPasskeyStatus.js'
import { getPendingMfaFactors } from '../actions/getPendingMfaFactors.js'
import { getRecoveryCodeCount } from '../actions/getRecoveryCodeCount.js'
import { listAuthMethods } from '../actions/listAuthMethods.js'
import { lookupUserByEmail } from '../actions/lookupUserByEmail.js'
import { lookupUserByPhone } from '../actions/lookupUserByPhone.js'
import { multiOwnerSignRawMessage } from '../actions/multiOwnerSignRawMessage.js'
import { preparePopupOauth } from '../actions/preparePopupOauth.js'
import { type RemoveMfaParameters, removeMfa } from '../actions/removeMfa.js'
import { type RemoveOauthProviderParameters, removeOauthProvider } from '../actions/removeOauthProvider.js'
import { type SendMfaCodeParameters, sendMfaCode } from '../actions/sendMfaCode.js'
import { sendVerificationCode } from '../actions/sendVerificationCode.js'
import type { SignAuthorizationParameters } from '../actions/signAuthorization.js'
import type { SignMessageParameters } from '../actions/signMessage.js'
import { type SignRawMessageParameters, signRawMessage } from '../actions/signRawMessage.js'
import type { SignTransactionReturnType } from '../actions/signTransaction.js'
import type { SignTypedDataParameters } from '../actions/signTypedData.js'
import { type StartAuthenticationParameters, startAuthentication } from '../actions/startAuthentication.js'
import { toViemAccount } from '../actions/toViemAccount.js'
import { updateContact } from '../actions/updateContact.js'
import { type ValidateMultiFactorsParameters, validateMultiFactors } from '../actions/validateMultiFactors.js'
import { type VerifyMfaParameters, verifyMfa } from '../actions/verifyMfa.js'
import { whoami } from '../actions/whoami.js'
import type { SignerClient } from '../client/SignerClient.js'
import { SignerError } from '../errors/SignerError.js'
import { toSolanaSigner } from '../solana/toSolanaSigner.js'
import type { MultiFactorProof } from '../types.js'

/** The methods `signerActions` adds to a signer. */
export type SignerActions = ReturnType<typeof signerActions>

/**
 * The signer's methods, each one action of `src/actions` called with `client` (viem's decorator
 * model): `createSigner` spreads them into the app-facing `Signer`. A new action that apps call as
 * a method is added here, and nowhere else. The actions that hash with viem before signing
 * (`signMessage`, `signTypedData`, `signTransaction`, `signAuthorization`) are loaded together
 * (`signingActions`) on the first signature, so an app fetches that part of viem only when it signs.
 *
 * @example
 * const client = createSignerClient(parameters)
 * const { authenticate, signMessage } = signerActions(client)
 * await authenticate({ type: 'email', email: 'ada@example.com' })
 */
export function signerActions(client: SignerClient) {
  return {
    authenticate: (parameters: AuthenticateParameters) => authenticate(client, parameters),
    startAuthentication: (parameters: StartAuthenticationParameters) =>
      startAuthentication(client, parameters),
    validateMultiFactors: (parameters: ValidateMultiFactorsParameters) =>
      validateMultiFactors(client, parameters),
    disconnect: () => disconnect(client),
    whoami: () => whoami(client),
    lookupUserByEmail: (email: string) => lookupUserByEmail(client, { email }),
    lookupUserByPhone: (phone: string) => lookupUserByPhone(client, { phone }),
    /** Sends a code to an email or phone to prove it (`/v1/init-otp`); then `setEmail` / `setPhoneNumber`. */
    sendVerificationCode: (type: 'email' | 'sms', contact: string) =>
      sendVerificationCode(client, { type, contact }),
    /**
     * Sets the user's email with the code `sendVerificationCode` sent. Account Kit's legacy
     * `setEmail(email)` without a code is refused: an unproven email never signs anyone in.
     */
    setEmail: (
      parameters: { verificationCode: string; multiFactors?: MultiFactorProof[] | undefined } | string,
    ) =>
      typeof parameters === 'string'
        ? Promise.reject(
            new SignerError(
              'setEmail needs a verification code: call sendVerificationCode("email", email) first',
            ),
          )
        : updateContact(client, { kind: 'email', ...parameters }),
    removeEmail: (parameters: { multiFactors?: MultiFactorProof[] | undefined } = {}) =>
      updateContact(client, { kind: 'email', ...parameters }).then(() => undefined),
    /** Sets the user's phone number with the code `sendVerificationCode` sent. */
    setPhoneNumber: (parameters: {
      verificationCode: string
      multiFactors?: MultiFactorProof[] | undefined
    }) => updateContact(client, { kind: 'phone', ...parameters }).then(() => undefined),
    removePhoneNumber: (parameters: { multiFactors?: MultiFactorProof[] | undefined } = {}) =>
      updateContact(client, { kind: 'phone', ...parameters }).then(() => undefined),
    preparePopupOauth: () => preparePopupOauth(client),
    getMfaStatus: () => client.getState().mfaStatus,
    getMfaFactors: () => getMfaFactors(client),
    addMfa: <parameters extends AddMfaParameters>(parameters: parameters) => addMfa(client, parameters),
    /** Texts a code for a text-message factor: the pending sign-in's, or a signed-in user's. */
    sendMfaCode: (parameters?: SendMfaCodeParameters) => sendMfaCode(client, parameters),
    /** The factors a sign-in waiting for its second factor takes a code of (`totp`, `sms`). */
    getPendingMfaFactors: () => getPendingMfaFactors(client),
    verifyMfa: (parameters: VerifyMfaParameters) => verifyMfa(client, parameters),
    removeMfa: (parameters: RemoveMfaParameters) => removeMfa(client, parameters),
    getRecoveryCodeCount: () => getRecoveryCodeCount(client),
    listAuthMethods: () => listAuthMethods(client),
    addOauthProvider: (parameters: AddOauthProviderParameters) => addOauthProvider(client, parameters),
    removeOauthProvider: (parameters: RemoveOauthProviderParameters) =>
      removeOauthProvider(client, parameters),
    generateRecoveryCodes: (parameters?: GenerateRecoveryCodesParameters) =>
      generateRecoveryCodes(client, parameters),
    deleteAccount: (parameters?: DeleteAccountParameters) => deleteAccount(client, parameters),
    exportAccountData: () => exportAccountData(client),
    signRawMessage: (parameters: SignRawMessageParameters) => signRawMessage(client, parameters),
    signMessage: async (message: SignMessageParameters['message']) =>
      (await import('../actions/signingActions.js')).signMessage(client, { message }),
    signTypedData: async <
      const typedData extends TypedData | Record<string, unknown>,
      primaryType extends keyof typedData | 'EIP712Domain' = keyof typedData,
    >(
      typedData: SignTypedDataParameters<typedData, primaryType>,
    ) => (await import('../actions/signingActions.js')).signTypedData(client, typedData),
    signTransaction: async <
      serializer extends
        SerializeTransactionFn<TransactionSerializable> = SerializeTransactionFn<TransactionSerializable>,
      transaction extends Parameters<serializer>[0] = Parameters<serializer>[0],
    >(
      transaction: transaction,
      options?: { serializer?: serializer | undefined } | undefined,
    ): Promise<SignTransactionReturnType> =>
      (await import('../actions/signingActions.js')).signTransaction<serializer, transaction>(client, {
        transaction,
        serializer: options?.serializer,
      }),
    signAuthorization: async (authorization: SignAuthorizationParameters) =>
      (await import('../actions/signingActions.js')).signAuthorization(client, authorization),
    toViemAccount: () => toViemAccount(client),
    toSolanaSigner: () => toSolanaSigner(client),
    getPasskeyStatus: () => getPasskeyStatus(client),
    /** Adds an API key to the signed-in user (Account Kit's name; 'Failed to create api key' on failure). */
    experimental_createApiKey: (parameters: CreateApiKeyParameters) => createApiKey(client, parameters),
    addPasskey: (creationOpts?: CredentialCreationOptions | undefined) =>
      addPasskey(client, { creationOpts }),
    exportWallet: (parameters: ExportWalletParameters) => exportWallet(client, parameters),
    /** A multi-owner organization of the user and `additionalMembers` (Account Kit's name; docs/multi-owner.md). */
    experimental_createMultiOwner: (additionalMembers: `0x${string}`[]) =>
      createMultiOwner(client, additionalMembers),
    /** Adds owners to a multi-owner organization (Account Kit's name and arguments). */
    experimental_addToMultiOwner: (orgId: string, members: `0x${string}`[]) =>
      addToMultiOwner(client, { orgId, members }),
    /** Removes owners from a multi-owner organization (Account Kit's name and arguments). */
    experimental_deleteFromMultiOwner: (orgId: string, members: `0x${string}`[]) =>
      deleteFromMultiOwner(client, { orgId, members }),
    /** Signs raw bytes with a multi-owner organization's wallet (Account Kit's name and arguments). */
    experimental_multiOwnerSignRawMessage: (msg: `0x${string}`, orgId: string, orgAddress: `0x${string}`) =>
      multiOwnerSignRawMessage(client, { message: msg, orgId, orgAddress }),
    /** The app's sign-in settings from the server (`/v1/signer-config`), fetched once. */
    getConfig: () => getConfig(client),
    /** Stops timers and window listeners (the signer stays usable for explicit calls). */
    destroy: () => client.sessions.destroy(),
  }
}
