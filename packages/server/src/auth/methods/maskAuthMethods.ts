import type { AuthMethods } from '@sigil/protocol'

const maskEmail = (email: string) => {
  const at = email.lastIndexOf('@')
  return at < 1 ? '***' : `${email.slice(0, 1)}***${email.slice(at)}`
}

const maskPhone = (phone: string) => `${phone.startsWith('+') ? '+' : ''}***${phone.slice(-2)}`

/**
 * The sign-in methods with what identifies the person masked: the email (`a***@example.com`), the
 * phone number (`+***67`), display names that are emails, and passkey names (`Passkey`). What is
 * left (which providers, how many passkeys and since when, their ids) lets an app show and manage
 * the list, but tells someone who only knows an organization id nothing about whose it is.
 *
 * @example
 * maskAuthMethods({ email: 'ada@example.com', oauthProviders: [], passkeys: [] })
 * // { email: 'a***@example.com', oauthProviders: [], passkeys: [] }
 */
export function maskAuthMethods(methods: AuthMethods): AuthMethods {
  return {
    ...(methods.email ? { email: maskEmail(methods.email) } : {}),
    ...(methods.phone ? { phone: maskPhone(methods.phone) } : {}),
    oauthProviders: methods.oauthProviders.map(({ userDisplayName, ...provider }) => ({
      ...provider,
      ...(userDisplayName?.includes('@') ? { userDisplayName: maskEmail(userDisplayName) } : {}),
    })),
    passkeys: methods.passkeys.map((passkey) => ({ ...passkey, name: 'Passkey' })),
  }
}
