import type { MultiFactor, MultiFactorEntry, StampedRequest, User } from '../types.js'

type EmailStart = {
  email: string
  emailMode?: 'magicLink' | 'otp' | undefined
  targetPublicKey: string
  expirationSeconds?: number | undefined
  redirectParams?: string | undefined
}

export type PasskeyAttestation = {
  credentialId: string
  clientDataJson: string
  attestationObject: string
  transports: string[]
}

/** The `/signer` routes the SDK calls, with their bodies and answers (reference §1.5). */
export type SignerRoutes = {
  '/v1/signup': {
    body:
      | EmailStart
      | { passkey: { challenge: string; attestation: PasskeyAttestation }; email?: string | undefined }
    response: {
      orgId: string
      userId?: string
      address?: `0x${string}`
      otpId?: string
      solanaAddress?: string
    }
  }
  '/v1/auth': {
    body: EmailStart & { multiFactors?: MultiFactorEntry[] | undefined }
    response: { orgId: string; otpId?: string; multiFactors?: MultiFactor[] }
  }
  '/v1/otp': {
    body: {
      orgId: string
      otpId: string
      otpCode: string
      targetPublicKey: string
      expirationSeconds?: number | undefined
      multiFactors?: MultiFactorEntry[] | undefined
    }
    response: {
      status?: 'SUCCESS' | 'MFA_REQUIRED'
      credentialBundle?: string
      encryptedPayload?: string
      multiFactors?: MultiFactor[]
    }
  }
  '/v1/auth-validate-multi-factors': {
    body: { encryptedPayload: string; multiFactors: MultiFactorEntry[] }
    response: { payload?: { credentialBundle?: string }; multiFactors?: MultiFactor[] }
  }
  '/v1/whoami': { body: { stampedRequest: StampedRequest }; response: User }
  '/v1/lookup': { body: { email: string }; response: { orgId: string | null } }
  '/v1/sign-payload': { body: { stampedRequest: StampedRequest }; response: { signature: `0x${string}` } }
  '/v1/prepare-oauth': {
    body: { nonce: string }
    response: {
      codeChallenge: string
      requestKey: string
      authProviders?: { id: string; isCustomProvider?: boolean; clientId: string; authEndpoint: string }[]
    }
  }
  '/v1/signer-config': {
    body: Record<string, never>
    /** `appId`: Sigil's addition, the app the key frames are served for. */
    response: { appId?: string; email: { mode?: 'MAGIC_LINK' | 'OTP' } }
  }
  '/v1/auth-list-multi-factors': {
    body: { stampedRequest: StampedRequest }
    response: { multiFactors: MultiFactor[] }
  }
  '/v1/auth-request-multi-factor': {
    body: { stampedRequest: StampedRequest; multiFactorType: string; multiFactors?: MultiFactorEntry[] }
    response: { multiFactorType: 'totp'; multiFactorId: string; multiFactorTotpUrl: string }
  }
  '/v1/auth-verify-multi-factor': {
    body: { stampedRequest: StampedRequest; multiFactorId: string; multiFactorCode: string }
    response: { multiFactors: MultiFactor[] }
  }
  '/v1/auth-delete-multi-factors': {
    body: { stampedRequest: StampedRequest; multiFactorIds: string[]; multiFactors?: MultiFactorEntry[] }
    response: { multiFactors: MultiFactor[] }
  }
}

export type SignerRoute = keyof SignerRoutes
