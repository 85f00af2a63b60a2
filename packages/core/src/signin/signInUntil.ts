import type { Signer, SignerStatus, User } from '@sigil/signer'

export type SignInUntilReturnType = { user: User; status?: undefined } | { status: SignerStatus }

/**
 * Runs a signer sign-in and settles at the first of: it finished (`{ user }`), or the signer
 * reached one of `statuses` while it goes on (`{ status }`: a mail sent, a second factor asked).
 * A failure before either rejects; one after is the signer's (its status and error say it).
 *
 * @example
 * const reached = await signInUntil(signer, ['AWAITING_MFA_AUTH'], () => signer.authenticate(parameters))
 */
export function signInUntil(
  signer: Signer,
  statuses: readonly SignerStatus[],
  start: () => Promise<User>,
): Promise<SignInUntilReturnType> {
  return new Promise((resolve, reject) => {
    const off = signer.on('statusChanged', (status) => {
      if (!statuses.includes(status)) return
      off()
      resolve({ status })
    })
    const settle = (settled: () => void) => {
      off()
      settled()
    }
    let pending: Promise<User>
    try {
      pending = start()
    } catch (error) {
      settle(() => reject(error))
      return
    }
    pending.then(
      (user) => settle(() => resolve({ user })),
      (error: unknown) => settle(() => reject(error)),
    )
  })
}
