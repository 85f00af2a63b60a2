import type { MailMessage } from './createMailer.js'
import { escapeHtml } from './escapeHtml.js'
import { formatMinutes } from './formatMinutes.js'
import { renderMailHtml } from './renderMailHtml.js'

export type OtpEmailParameters = {
  /** The app the user signs in to (shown in the subject and text). */
  appName: string
  /** The 6-digit code. */
  code: string
  /** How long the code is valid, seconds. */
  lifetimeSeconds: number
}

const ignoreLine =
  "If you didn't ask to sign in, you can ignore this email: nobody can sign in without this code."

/**
 * The sign-in code mail: text and HTML (inline styles, the code in large type).
 *
 * @example
 * const mail = otpEmail({ appName: 'Demo', code: '123456', lifetimeSeconds: 300 })
 * await ctx.mailer.send({ to: 'ada@example.com', ...mail })
 */
export function otpEmail({ appName, code, lifetimeSeconds }: OtpEmailParameters): Omit<MailMessage, 'to'> {
  const lifetime = formatMinutes(lifetimeSeconds)
  const text = [
    `Your sign-in code for ${appName} is:`,
    '',
    `    ${code}`,
    '',
    `Enter it in ${appName} to continue. It expires in ${lifetime} and works once.`,
    '',
    ignoreLine,
    '',
  ].join('\n')
  const bodyHtml = `<p style="margin:0 0 16px;font-size:15px;line-height:22px;">Your sign-in code for <strong>${escapeHtml(appName)}</strong> is:</p>
<p style="margin:0 0 16px;padding:16px;background-color:#f3f4f6;border-radius:8px;text-align:center;font-family:'SFMono-Regular',Menlo,Consolas,monospace;font-size:36px;line-height:44px;font-weight:700;letter-spacing:8px;color:#111827;">${escapeHtml(code)}</p>
<p style="margin:0;font-size:15px;line-height:22px;">Enter it in ${escapeHtml(appName)} to continue. It expires in ${escapeHtml(lifetime)} and works once.</p>`
  return {
    subject: `Your sign-in code for ${appName}`,
    text,
    html: renderMailHtml({ title: `Sign in to ${appName}`, bodyHtml, footer: ignoreLine }),
  }
}
