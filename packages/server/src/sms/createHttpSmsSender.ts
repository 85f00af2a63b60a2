import { signerErrorCodes } from '@sigil/protocol'
import { ApiError } from '../http/errors/ApiError.js'
import type { SmsProviderConfig } from './SmsProviderConfig.js'
import type { SmsSender } from './SmsSender.js'

/**
 * An SMS sender over a Twilio-style HTTP API ({@link SmsProviderConfig}): one form POST per message
 * with basic auth, 10 s timeout. Any answer other than 2xx throws (`SMS_NOT_SENT`) without the
 * provider's body, which may echo the number or the text.
 *
 * @example
 * const sender = createHttpSmsSender({ baseUrl: 'https://api.twilio.com', accountSid, authToken, from: '+15005550006' })
 * await sender.send({ to: '+14155550123', body: 'Your code is 123456' })
 */
export function createHttpSmsSender(config: SmsProviderConfig): SmsSender {
  const url = `${config.baseUrl.replace(/\/+$/, '')}/2010-04-01/Accounts/${encodeURIComponent(config.accountSid)}/Messages.json`
  const authorization = `Basic ${Buffer.from(`${config.accountSid}:${config.authToken}`).toString('base64')}`
  return {
    async send(message) {
      const response = await fetch(url, {
        method: 'POST',
        headers: {
          authorization,
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
        },
        body: new URLSearchParams({ To: message.to, From: config.from, Body: message.body }),
        signal: AbortSignal.timeout(10_000),
      })
      await response.body?.cancel()
      if (!response.ok)
        throw new ApiError('INTERNAL', `the SMS provider answered ${response.status}`, {
          errorCode: signerErrorCodes.SMS_NOT_SENT,
        })
    },
  }
}
