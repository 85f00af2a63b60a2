import type { AccountRoutes } from './accountRoutes.js'
import { type AuthMethodRoutes, authMethodRoutePathSet } from './authMethodRoutes.js'
import { type JwtRoutes, jwtRoutePathSet } from './jwtRoutes.js'
import type { MultiFactor, MultiFactorProof } from './MultiFactor.js'
import { type MultiOwnerRoutes, multiOwnerRoutePathSet } from './multiOwnerRoutes.js'
import { type OtpRoutes, otpRoutePathSet, type SmsStartBody } from './otpRoutes.js'
import type { PasskeyAttestation } from './PasskeyAttestation.js'
import type { StampedRequest } from './StampedRequest.js'
import type { SignerUser } from './User.js'

/** How an email sign-in or sign-up starts: the address, the client's target key, the link's extras. */
export type EmailStartBody = {
  email: string
  /** Deprecated in the SDK; the app's email mode decides. */
  emailMode?: 'magicLink' | 'otp' | undefined
  /** The P-256 key (hex) the credential bundle is sealed to. */
  targetPublicKey: string
  expirationSeconds?: number | undefined
  /** Magic-link mode: query string appended to the app's redirect URL. */
  redirectParams?: string | undefined
}

/** A passkey sign-up: the WebAuthn challenge (base64url) and the new credential's attestation. */
export type PasskeySignupBody = {
  passkey: { challenge: string; attestation: PasskeyAttestation }
  email?: string | undefined
}

/** An OAuth provider as `/v1/prepare-oauth` lists it. */
export type AuthProvider = {
  id: string
  isCustomProvider?: boolean | undefined
  clientId: string
  authEndpoint: string
}

/** `/v1/otp`'s answer: the session, or `MFA_REQUIRED` with the token `/v1/auth-validate-multi-factors` takes. */
export type OtpResponse =
  | { status: 'SUCCESS'; credentialBundle: string }
  | { status: 'MFA_REQUIRED'; encryptedPayload: string; multiFactors: MultiFactor[] }

/**
 * The JSON routes of the sign-in API, served under `/signer` (POST; `/v1/signer-config` also GET),
 * with their bodies and answers (docs/protocol.md#signer-api). Both ends are typed against it: the
 * SDK's `request` and the server's route definitions.
 */
export type SignerRoutes = MultiOwnerRoutes &
  OtpRoutes & {
    '/v1/signup': {
      body: EmailStartBody | SmsStartBody | PasskeySignupBody
      response: {
        orgId: string
        /** Passkey sign-up, or an email sign-up that created the account. */
        userId?: string | undefined
        address?: `0x${string}` | undefined
        /** Email sign-up in OTP mode, or SMS sign-up. */
        otpId?: string | undefined
        solanaAddress?: string | undefined
      }
    }
    '/v1/auth': {
      body: (EmailStartBody & { multiFactors?: MultiFactorProof[] | undefined }) | SmsStartBody
      response: { orgId: string; otpId?: string | undefined }
    }
    '/v1/otp': {
      body: {
        orgId: string
        otpId: string
        otpCode: string
        targetPublicKey: string
        expirationSeconds?: number | undefined
        multiFactors?: MultiFactorProof[] | undefined
      }
      response: OtpResponse
    }
    '/v1/auth-validate-multi-factors': {
      body: { encryptedPayload: string; multiFactors: MultiFactorProof[] }
      response: { payload: { credentialBundle: string }; multiFactors: MultiFactor[] }
    }
    '/v1/whoami': { body: { stampedRequest: StampedRequest }; response: SignerUser }
    '/v1/lookup': { body: { email: string } | { phone: string }; response: { orgId: string | null } }
    '/v1/sign-payload': {
      body: { stampedRequest: StampedRequest }
      response: { signature: `0x${string}` }
    }
    '/v1/prepare-oauth': {
      /** `nonce`: see `getOauthNonce`. */
      body: { nonce: string }
      response: { codeChallenge: string; requestKey: string; authProviders: AuthProvider[] }
    }
    '/v1/signer-config': {
      body: Record<string, never>
      /** `appId`: Sigil's addition, the app the key frames are served for. */
      response: { appId: string; email: { mode: 'MAGIC_LINK' | 'OTP' } }
    }
    '/v1/auth-list-multi-factors': {
      body: { stampedRequest: StampedRequest }
      response: { multiFactors: MultiFactor[] }
    }
    '/v1/auth-request-multi-factor': {
      body: {
        stampedRequest: StampedRequest
        multiFactorType: string
        multiFactors?: MultiFactorProof[] | undefined
      }
      /** `sms` (Sigil's extension): a first code was texted to the user's proven number. */
      response:
        | { multiFactorType: 'totp'; multiFactorId: string; multiFactorTotpUrl: string }
        | { multiFactorType: 'sms'; multiFactorId: string }
    }
    /**
     * Sigil's extension (docs/protocol.md, "Text-message codes"): texts a code for a text-message
     * (`sms`) factor to its number, for a pending sign-in (its MFA token, `encryptedPayload`) or for
     * the signed-in user (marker `send_mfa_code`).
     */
    '/v1/auth-send-multi-factor-code': {
      body:
        | { encryptedPayload: string; multiFactorId: string }
        | { stampedRequest: StampedRequest; multiFactorId: string }
      response: Record<string, never>
    }
    '/v1/auth-verify-multi-factor': {
      body: { stampedRequest: StampedRequest; multiFactorId: string; multiFactorCode: string }
      /**
       * `recoveryCodes`: Sigil's extension, present once, when this is the user's first factor: the 10
       * single-use recovery codes, never shown again (docs/protocol.md, "Recovery codes").
       */
      response: { multiFactors: MultiFactor[]; recoveryCodes?: string[] | undefined }
    }
    '/v1/auth-delete-multi-factors': {
      body: {
        stampedRequest: StampedRequest
        multiFactorIds: string[]
        multiFactors?: MultiFactorProof[] | undefined
      }
      response: { multiFactors: MultiFactor[] }
    }
    /** Sigil's extension (marker `list_recovery_codes`): how many of the user's recovery codes are unused. */
    '/v1/auth-list-recovery-codes': {
      body: { stampedRequest: StampedRequest }
      response: { unusedRecoveryCodes: number }
    }
    /**
     * Sigil's extension (marker `generate_recovery_codes`, behind the MFA gate): 10 new recovery codes
     * that replace all earlier ones, shown this once.
     */
    '/v1/auth-generate-recovery-codes': {
      body: { stampedRequest: StampedRequest; multiFactors?: MultiFactorProof[] | undefined }
      response: { recoveryCodes: string[] }
    }
  } & AccountRoutes &
  JwtRoutes &
  AuthMethodRoutes

export type SignerRoutePath = keyof SignerRoutes
export type SignerRouteBody<path extends SignerRoutePath> = SignerRoutes[path]['body']
export type SignerRouteResponse<path extends SignerRoutePath> = SignerRoutes[path]['response']

// A record, so the compiler checks that every path is listed once and nothing else is.
const signerRoutePathSet: { [path in SignerRoutePath]: true } = {
  ...otpRoutePathSet,
  '/v1/signup': true,
  '/v1/auth': true,
  '/v1/otp': true,
  '/v1/auth-validate-multi-factors': true,
  '/v1/whoami': true,
  '/v1/lookup': true,
  '/v1/sign-payload': true,
  '/v1/prepare-oauth': true,
  '/v1/signer-config': true,
  '/v1/auth-list-multi-factors': true,
  '/v1/auth-request-multi-factor': true,
  '/v1/auth-send-multi-factor-code': true,
  '/v1/auth-verify-multi-factor': true,
  '/v1/auth-delete-multi-factors': true,
  '/v1/auth-list-recovery-codes': true,
  '/v1/auth-generate-recovery-codes': true,
  '/v1/delete-account': true,
  '/v1/export-account-data': true,
  ...multiOwnerRoutePathSet,
  ...jwtRoutePathSet,
  ...authMethodRoutePathSet,
}

/**
 * Every JSON route path of {@link SignerRoutes}, so a server can check it serves them all.
 *
 * @example
 * for (const path of signerRoutePaths) assert(served.has(path), `/signer${path} is not served`)
 */
export const signerRoutePaths = Object.keys(signerRoutePathSet) as readonly SignerRoutePath[]

/**
 * The pages of the sign-in API a browser navigates to (not JSON): the magic link's landing and the
 * OAuth callback (GET or form POST).
 */
export const signerPagePaths = ['/v1/magic-link', '/v1/oauth/callback'] as const
export type SignerPagePath = (typeof signerPagePaths)[number]
