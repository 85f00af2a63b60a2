import type { UseUserReturnType } from '@sigil/react'
import { CopyableValue } from '../ui/CopyableValue'
import { Panel } from '../ui/Panel'

/**
 * The user's addresses: the EVM account and the Solana account of their wallet.
 *
 * @example
 * <AddressesPanel user={user} />
 */
export function AddressesPanel({ user }: { user: NonNullable<UseUserReturnType> }) {
  return (
    <Panel title="Addresses" description="One seed, two chains: the keys never reach this page.">
      <dl className="values">
        <CopyableValue label="EVM address" value={user.address} />
        <CopyableValue
          label="Solana address"
          value={user.type === 'sca' ? user.solanaAddress : undefined}
          fallback={user.type === 'sca' ? 'loading…' : 'not with a browser wallet'}
        />
      </dl>
    </Panel>
  )
}
