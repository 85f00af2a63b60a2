import type { Page } from 'playwright-core'
import type { AccountKitSignerPage } from './startAccountKitSignerPage.js'

export type AuthMethods = {
  email?: string
  phone?: string
  oauthProviders: { providerId: string; issuer: string; providerName?: string; userDisplayName?: string }[]
  passkeys: unknown[]
}
export type User = {
  address: `0x${string}`
  orgId: string
  userId: string
  email?: string
  phone?: string
}
type Address = `0x${string}`

/**
 * What the harness page exposes (`page/main.ts`): its `signer` is Account Kit 4.88.4's
 * `AlchemyWebSigner`, `signer.inner` its `AlchemySignerWebClient`. Only the public methods tests call.
 */
export type HarnessWindow = {
  signer: {
    authenticate(params: Record<string, unknown>): Promise<User>
    getAuthDetails(): Promise<User>
    getUser(): Promise<User | null>
    disconnect(): Promise<void>
    signMessage(message: string): Promise<`0x${string}`>
    listAuthMethods(): Promise<AuthMethods>
    addOauthProvider(params: Record<string, unknown>): Promise<AuthMethods['oauthProviders'][number]>
    removeOauthProvider(providerId: string): Promise<unknown>
    sendVerificationCode(type: 'email' | 'sms', contact: string): Promise<{ otpId: string }>
    setEmail(params: { verificationCode: string }): Promise<string>
    removeEmail(): Promise<void>
    setPhoneNumber(params: { verificationCode: string }): Promise<void>
    removePhoneNumber(): Promise<void>
    exportPrivateKeyEncrypted(params: {
      type: 'ETHEREUM'
      encryptWith: string
      client: unknown
    }): Promise<{ exportBundle: string }>
    preparePopupOauth(): Promise<unknown>
    inner: {
      experimental_createMultiOwner(additionalMembers: Address[]): Promise<{
        orgId: string
        evmSignerAddress: Address
        members: { evmSignerAddress: Address }[]
      }>
      experimental_multiOwnerSignRawMessage(
        hash: `0x${string}`,
        orgId: string,
        orgAddress: string,
      ): Promise<`0x${string}`>
      experimental_addToMultiOwner(orgId: string, members: Address[]): Promise<void>
      experimental_deleteFromMultiOwner(orgId: string, members: Address[]): Promise<void>
    }
  }
  createApiKeyClient(key: { publicKey: string; privateKey: string }): unknown
  pending: Record<string, Promise<unknown>>
}

/**
 * Signs `page`'s signer in with an emailed code, as an app does: `authenticate({ type: 'email',
 * emailMode: 'otp' })`, the code from the dev mailbox, then `authenticate({ type: 'otp' })`.
 *
 * @example
 * const user = await signInWithEmail(harness, harness.page, 'ada@example.com')
 */
export async function signInWithEmail(
  harness: AccountKitSignerPage,
  page: Page,
  email: string,
): Promise<User> {
  await page.evaluate((address) => {
    const { signer, pending } = window as unknown as HarnessWindow
    pending.email = signer.authenticate({ type: 'email', emailMode: 'otp', email: address })
  }, email)
  await waitForStatus(page, 'AWAITING_EMAIL_AUTH')
  const code = await harness.readCode(email)
  const user = await page.evaluate(async (otpCode) => {
    const { signer, pending } = window as unknown as HarnessWindow
    const signedIn = await signer.authenticate({ type: 'otp', otpCode })
    await pending.email
    return signedIn
  }, code)
  await waitForStatus(page, 'CONNECTED')
  return user
}

/** Waits until the page shows the signer's status `status` (also in hooks, unlike `expect.poll`). */
export async function waitForStatus(page: Page, status: string): Promise<void> {
  await page.waitForFunction(
    (expected) => document.getElementById('status')?.textContent === expected,
    status,
    {
      timeout: 30_000,
    },
  )
}
