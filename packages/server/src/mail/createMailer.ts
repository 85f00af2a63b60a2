import { signerErrorCodes } from '@sigil/protocol'
import nodemailer from 'nodemailer'
import { ApiError } from '../http/errors/ApiError.js'
import { createId } from '../ids/createId.js'
import type { Logger } from '../log/createLogger.js'
import type { WriteBatcher } from '../store/createWriteBatcher.js'

export type MailMessage = { to: string; subject: string; text: string; html: string }

export type Mailer = {
  /** Delivers a message (SMTP), or in dev mode stores it in the dev mailbox and prints it. */
  send(message: MailMessage): Promise<void>
  close(): void
}

export type CreateMailerParameters = {
  /** Dev mailbox writes go through the write batcher, like every write of a running server. */
  batcher: WriteBatcher
  logger: Logger
  from: string
  /** `smtp://…` or `smtps://…`; ignored when `devMailbox` is on. */
  smtpUrl: string | undefined
  /** Dev mode only: store mail for `/dev/mailbox` and print it instead of sending it. */
  devMailbox: boolean
  now(): number
}

/**
 * Sign-in mail delivery: nodemailer over SMTP, or in dev mode the dev mailbox (stored in the `dev_mail`
 * table, shown at `/dev/mailbox`, and printed to the console). With neither (an embedding server
 * outside dev mode without SMTP; `sigil-server start` refuses to start so) every send fails
 * (`EMAIL_DELIVERY_NOT_CONFIGURED`; the sign-in answers 500 `EMAIL_NOT_SENT`): a sign-in code is never
 * stored or logged where nobody should read it.
 *
 * @example
 * const mailer = createMailer({ batcher, logger, from: 'Sigil <no-reply@example.com>', smtpUrl: process.env.SMTP_URL, devMailbox: false, now: Date.now })
 * await mailer.send({ to: 'ada@example.com', subject: 'Your code', text: '…', html: '…' })
 */
export function createMailer(parameters: CreateMailerParameters): Mailer {
  const { batcher, logger, from } = parameters
  if (parameters.devMailbox) {
    return {
      async send(message) {
        await batcher.run((trx) =>
          trx
            .insertInto('dev_mail')
            .values({
              id: createId(),
              to_address: message.to,
              subject: message.subject,
              text: message.text,
              html: message.html,
              created_at: parameters.now(),
            })
            .execute(),
        )
        // Dev mode only: the code is what a developer needs to read to sign in locally.
        logger.info(`dev mail to ${message.to}: ${message.subject}\n${message.text}`)
      },
      close() {},
    }
  }
  if (!parameters.smtpUrl)
    return {
      async send() {
        throw new ApiError(
          'FAILED_PRECONDITION',
          'this server cannot send email (no SMTP server is configured)',
          {
            errorCode: signerErrorCodes.EMAIL_DELIVERY_NOT_CONFIGURED,
          },
        )
      },
      close() {},
    }
  const transport = nodemailer.createTransport(parameters.smtpUrl)
  return {
    async send(message) {
      await transport.sendMail({ from, ...message })
    },
    close() {
      transport.close()
    },
  }
}
