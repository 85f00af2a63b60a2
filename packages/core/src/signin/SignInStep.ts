import type { User } from '@sigil/signer'

/** The user is signed in; `isNewUser` when this sign-in created the account. */
export type SignInDone = { next: 'done'; user: User; isNewUser: boolean }

/**
 * The server wants a second-factor code (`submitMfaCode`): the authenticator app's (`factorType`
 * `totp`), or for `sms` a texted one (`sendMfaCode` texts it). `email` is set when the code must go
 * with a new link request (a magic-link sign-in asks for the code before it mails).
 */
export type SignInMfa = {
  next: 'mfa'
  factorId: string
  factorType: 'totp' | 'sms' | (string & {})
  email?: string | undefined
}

/** An emailed code is on its way: submit it with `submitOtp`. */
export type SignInOtp = { next: 'otp'; otpId: string }

/** An emailed link is on its way: the sign-in ends when it is opened (`watchSignInStep` says so). */
export type SignInLink = { next: 'link' }

/**
 * What a sign-in action answers: the step the user is at now. A UI draws the step named by `next`.
 *
 * @example
 * const step = await startEmailSignIn(config, { email: 'ada@example.com' })
 * if (step.next === 'otp') askForCode()
 */
export type SignInStep = SignInOtp | SignInLink | SignInMfa | SignInDone
