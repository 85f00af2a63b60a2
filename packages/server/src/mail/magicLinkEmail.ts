import type { MailMessage } from './createMailer.js'
import { escapeHtml } from './escapeHtml.js'
import { formatMinutes } from './formatMinutes.js'
import { renderMailHtml } from './renderMailHtml.js'

export type MagicLinkEmailParameters = {
  /** The app the user signs in to (shown in the subject and text). */
  appName: string
  /** The sign-in link (`<publicUrl>/signer/v1/magic-link?otpId=…&token=…`). */
  link: string
  /** How long the link is valid, seconds. */
  lifetimeSeconds: number
}

const ignoreLine =
  "If you didn't ask to sign in, you can ignore this email: nobody can sign in without this link."

/**
 * The magic-link mail: text and HTML (inline styles, a large button and the link spelled out).
 *
 * @example
 * const mail = magicLinkEmail({ appName: 'Demo', link: 'https://sigil.example/signer/v1/magic-link?otpId=…&token=…', lifetimeSeconds: 300 })
 * await ctx.mailer.send({ to: 'ada@example.com', ...mail })
 */
export function magicLinkEmail({
  appName,
  link,
  lifetimeSeconds,
}: MagicLinkEmailParameters): Omit<MailMessage, 'to'> {
  const lifetime = formatMinutes(lifetimeSeconds)
  const text = [
    `Open this link to sign in to ${appName}:`,
    '',
    link,
    '',
    `The link expires in ${lifetime} and works once.`,
    '',
    ignoreLine,
    '',
  ].join('\n')
  const href = escapeHtml(link)
  const bodyHtml = `<p style="margin:0 0 24px;font-size:15px;line-height:22px;">Click the button to sign in to <strong>${escapeHtml(appName)}</strong>.</p>
<p style="margin:0 0 24px;text-align:center;"><a href="${href}" style="display:inline-block;padding:14px 28px;background-color:#111827;border-radius:8px;color:#ffffff;font-size:18px;line-height:24px;font-weight:600;text-decoration:none;">Sign in to ${escapeHtml(appName)}</a></p>
<p style="margin:0 0 8px;font-size:15px;line-height:22px;">The link expires in ${escapeHtml(lifetime)} and works once. If the button does not work, open this address:</p>
<p style="margin:0;font-size:13px;line-height:20px;word-break:break-all;"><a href="${href}" style="color:#2563eb;">${href}</a></p>`
  return {
    subject: `Sign in to ${appName}`,
    text,
    html: renderMailHtml({ title: `Sign in to ${appName}`, bodyHtml, footer: ignoreLine }),
  }
}
