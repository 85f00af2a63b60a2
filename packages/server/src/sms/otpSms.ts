import { formatMinutes } from '../mail/formatMinutes.js'

/**
 * The text of a sign-in or verification code: the code first (phones show the start in the
 * notification), the app, how long it lives.
 *
 * @example
 * otpSms({ appName: 'Acme', code: '123456', lifetimeSeconds: 300 }).body
 * // '123456 is your Acme code. It expires in 5 minutes. Ignore this text if you did not ask for it.'
 */
export function otpSms({
  appName,
  code,
  lifetimeSeconds,
}: {
  appName: string
  code: string
  lifetimeSeconds: number
}): { body: string } {
  return {
    body: `${code} is your ${appName} code. It expires in ${formatMinutes(lifetimeSeconds)}. Ignore this text if you did not ask for it.`,
  }
}
