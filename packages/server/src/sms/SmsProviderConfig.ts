/**
 * A Twilio-style SMS API: `POST <baseUrl>/2010-04-01/Accounts/<accountSid>/Messages.json`, form
 * fields `To`, `From`, `Body`, HTTP basic auth `accountSid:authToken`.
 */
export type SmsProviderConfig = {
  /** Default `https://api.twilio.com`; any API that speaks the same requests works. */
  baseUrl: string
  accountSid: string
  /** Secret: never logged. */
  authToken: string
  /** The sender number (E.164) or sender id. */
  from: string
}
