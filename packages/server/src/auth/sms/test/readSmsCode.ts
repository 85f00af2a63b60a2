import type { TestServer } from '../../../test/createTestServer.js'

/**
 * The code of the newest dev-SMS-outbox text to `phone` (E.164), read through
 * `GET /dev/sms.json?to=…` as a developer would.
 *
 * @example
 * const code = await readSmsCode(server, '+14155550123')
 */
export async function readSmsCode(server: TestServer, phone: string): Promise<string> {
  const response = await server.app.request(`/dev/sms.json?to=${encodeURIComponent(phone)}`)
  if (response.status !== 200) throw new Error(`/dev/sms.json answered ${response.status}`)
  const { messages } = (await response.json()) as { messages: { code?: string }[] }
  const code = messages[0]?.code
  if (!code) throw new Error(`no text to ${phone} in the dev SMS outbox`)
  return code
}
