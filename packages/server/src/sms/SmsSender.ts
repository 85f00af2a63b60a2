/** A text message: the E.164 number it goes to and its body. */
export type SmsMessage = { to: string; body: string }

/**
 * How the server sends text messages: an HTTP provider (`createHttpSmsSender`), the dev SMS outbox
 * in dev mode, or nothing (every send fails with `SMS_DELIVERY_NOT_CONFIGURED`).
 */
export type SmsSender = {
  send(message: SmsMessage): Promise<void>
}
