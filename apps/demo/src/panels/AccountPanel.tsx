import type { UseUserReturnType } from '@sigil/react'
import { CopyableValue } from '../ui/CopyableValue'
import { Panel } from '../ui/Panel'

/**
 * Who is signed in: the email, and behind 'Details for developers' the organization and user ids (a person
 * reads words, not UUIDs; a developer still finds and copies them). A browser wallet has only its address.
 *
 * @example
 * <AccountPanel user={user} />
 */
export function AccountPanel({ user }: { user: NonNullable<UseUserReturnType> }) {
  if (user.type === 'eoa')
    return (
      <Panel title="Account" description="Signed in with a browser wallet." className="panel-span">
        <dl className="values">
          <CopyableValue label="Wallet address" value={user.address} />
        </dl>
      </Panel>
    )
  return (
    <Panel title="Account" description="Who is signed in." className="panel-span">
      <dl className="values">
        <CopyableValue label="Email" value={user.email} fallback="none (passkey or OAuth without email)" />
      </dl>
      <details className="details">
        <summary>Details for developers</summary>
        <dl className="values">
          <CopyableValue label="Organization id" value={user.orgId} />
          <CopyableValue label="User id" value={user.userId} />
        </dl>
      </details>
    </Panel>
  )
}
