import { UnauthorizedProviderError, UserRejectedRequestError } from 'viem'
import { getUser } from '../actions/getUser.js'
import { watchUser } from '../actions/watchUser.js'
import type { SigilConfig } from '../createConfig.js'
import type { SigilProviderOptions } from './SigilProvider.js'

/**
 * What `eth_requestAccounts` does while nobody is signed in: calls the app's `openSignIn` and resolves once
 * a user is signed in (core's `watchUser`). A rejection of `openSignIn`'s promise is 4001 (the user closed
 * the sign-in); without `openSignIn` it is 4100 at once.
 *
 * @example
 * await waitForSignIn(config, { openSignIn: () => modal.open() })
 */
export async function waitForSignIn(config: SigilConfig, options: SigilProviderOptions): Promise<void> {
  if (getUser(config)) return
  const { openSignIn } = options
  if (!openSignIn)
    throw new UnauthorizedProviderError(
      new Error(
        'Nobody is signed in and the provider has no openSignIn option to open the sign-in:' +
          ' sign the user in with authenticate(config, …) first',
      ),
    )
  let unwatch = () => {}
  try {
    await new Promise<void>((resolve, reject) => {
      unwatch = watchUser(config)((user) => {
        if (user) resolve()
      })
      Promise.resolve()
        .then(openSignIn)
        .catch((error: unknown) =>
          reject(
            new UserRejectedRequestError(
              new Error(`The sign-in was closed: ${error instanceof Error ? error.message : String(error)}`),
            ),
          ),
        )
    })
  } finally {
    unwatch()
  }
}
