import type { CDPSession, Page } from 'playwright-core'

/** A credential the virtual authenticator holds (`WebAuthn.getCredentials`). */
export type VirtualCredential = {
  credentialId: string
  isResidentCredential: boolean
  rpId: string
  privateKey: string
  signCount: number
}

export type VirtualAuthenticator = {
  cdp: CDPSession
  authenticatorId: string
  /** What it holds now: each credential's `signCount` rises by one per assertion. */
  credentials(): Promise<VirtualCredential[]>
}

/**
 * Tests: the DevTools WebAuthn virtual authenticator on `page`'s browser profile, a platform passkey
 * (CTAP2, internal transport, resident keys, user verification) that answers every prompt.
 *
 * @example
 * const authenticator = await addVirtualAuthenticator(page)
 * const [credential] = await authenticator.credentials()
 */
export async function addVirtualAuthenticator(page: Page): Promise<VirtualAuthenticator> {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('WebAuthn.enable')
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  })
  return {
    cdp,
    authenticatorId,
    async credentials() {
      const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId })
      return credentials as VirtualCredential[]
    },
  }
}
