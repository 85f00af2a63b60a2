import type { TestServer } from '../../../test/createTestServer.js'

/**
 * The code (or magic link) of the newest dev-mailbox mail to `email`, read through
 * `GET /dev/mailbox.json?to=…` as a developer would.
 *
 * @example
 * const code = await readMailboxCode(server, 'ada@example.com')
 */
export async function readMailboxCode(server: TestServer, email: string): Promise<string> {
  const response = await server.app.request(`/dev/mailbox.json?to=${encodeURIComponent(email)}`)
  if (response.status !== 200) throw new Error(`/dev/mailbox.json answered ${response.status}`)
  const { messages } = (await response.json()) as { messages: { code?: string }[] }
  const code = messages[0]?.code
  if (!code) throw new Error(`no sign-in mail to ${email} in the dev mailbox`)
  return code
}
