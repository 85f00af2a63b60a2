import type { UseUserReturnType } from '@sigil/react'
import { CopyableValue } from '../ui/CopyableValue'
import { Panel } from '../ui/Panel'

/**
 * Who is signed in: email, organization id and user id (a browser wallet has only its address).
 *
 * @example
 * <AccountPanel user={user} />
 */
export function AccountPanel({ user }: { user: NonNullable<UseUserReturnType> }) {
  if (user.type === 'eoa')
    return (
      <Panel title="Account" description="Signed in with a browser wallet.">
        <dl className="values">
          <CopyableValue label="Wallet address" value={user.address} />
        </dl>
      </Panel>
    )
  return (
    <Panel title="Account" description="Your Sigil user, in its own sub-organization.">
      <dl className="values">
        <CopyableValue label="Email" value={user.email} fallback="none (passkey or OAuth without email)" />
        <CopyableValue label="Organization id" value={user.orgId} />
        <CopyableValue label="User id" value={user.userId} />
      </dl>
    </Panel>
  )
}
