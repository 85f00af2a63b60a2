import { signerErrorCodes } from '@sigil/protocol'
import { ApiError } from '../http/errors/ApiError.js'
import { createId } from '../ids/createId.js'
import type { Logger } from '../log/createLogger.js'
import type { WriteBatcher } from '../store/createWriteBatcher.js'
import { createHttpSmsSender } from './createHttpSmsSender.js'
import type { SmsProviderConfig } from './SmsProviderConfig.js'
import type { SmsSender } from './SmsSender.js'

export type CreateSmsSenderParameters = {
  batcher: WriteBatcher
  logger: Logger
  /** The HTTP provider; ignored when `devSmsOutbox` is on. */
  provider: SmsProviderConfig | undefined
  /** Dev mode only: keep texts in the dev SMS outbox (`/dev/sms`) and print them instead of sending. */
  devSmsOutbox: boolean
  now(): number
}

/**
 * Sign-in texts: the HTTP provider, or in dev mode the dev SMS outbox (the `dev_sms` table, shown at
 * `/dev/sms`, and printed), beside the dev mailbox. With neither every send fails
 * (`SMS_DELIVERY_NOT_CONFIGURED`): a code is never stored or logged where nobody should read it.
 *
 * @example
 * const sms = createSmsSender({ batcher, logger, provider: undefined, devSmsOutbox: true, now: Date.now })
 */
export function createSmsSender(parameters: CreateSmsSenderParameters): SmsSender {
  const { batcher, logger } = parameters
  if (parameters.devSmsOutbox)
    return {
      async send(message) {
        await batcher.run((trx) =>
          trx
            .insertInto('dev_sms')
            .values({
              id: createId(),
              to_number: message.to,
              body: message.body,
              created_at: parameters.now(),
            })
            .execute(),
        )
        // Dev mode only: the code is what a developer needs to read to sign in locally.
        logger.info(`dev SMS to ${message.to}: ${message.body}`)
      },
    }
  if (parameters.provider) return createHttpSmsSender(parameters.provider)
  return {
    async send() {
      throw new ApiError(
        'FAILED_PRECONDITION',
        'this server cannot send text messages (no SMS provider is configured)',
        {
          errorCode: signerErrorCodes.SMS_DELIVERY_NOT_CONFIGURED,
        },
      )
    },
  }
}
