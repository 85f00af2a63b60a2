import type { SignerClient } from '../client/SignerClient.js'
import type { User } from '../types.js'

/**
 * Resolves with the user the next time the signer becomes CONNECTED: the end of a sign-in that
 * finishes elsewhere (a code typed later, a magic link opened in another tab).
 *
 * @example
 * const user = await waitForConnected(signer)
 */
export function waitForConnected(client: Pick<SignerClient, 'events'>): Promise<User> {
  return new Promise((resolve) => {
    const off = client.events.on('connected', (user) => {
      off()
      resolve(user)
    })
  })
}
