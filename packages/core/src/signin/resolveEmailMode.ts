import type { Signer } from '@sigil/signer'

/** How an email sign-in reaches the user: a code to type, or a link to open. */
export type EmailMode = 'magicLink' | 'otp'

/**
 * The app's email mode: the server's (`getConfig().email.mode`, `MAGIC_LINK` or `OTP`), else
 * `fallback` (e.g. the login card section's `emailMode`), else a code.
 *
 * @example
 * const mode = await resolveEmailMode(signer, 'magicLink')
 */
export async function resolveEmailMode(signer: Signer, fallback?: EmailMode | undefined): Promise<EmailMode> {
  const mode = await signer
    .getConfig()
    .then((config) => config.email.mode)
    .catch(() => undefined)
  if (mode === 'MAGIC_LINK') return 'magicLink'
  if (mode === 'OTP') return 'otp'
  return fallback === 'magicLink' ? 'magicLink' : 'otp'
}
