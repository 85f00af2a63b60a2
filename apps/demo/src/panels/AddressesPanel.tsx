import type { UseUserReturnType } from '@sigil/react'
import { formatEther } from 'viem'
import type { DemoSettings } from '../loadDemoSettings'
import { CopyableValue } from '../ui/CopyableValue'
import { Panel } from '../ui/Panel'
import { formatSol } from './formatSol'
import { useEthBalance } from './useEthBalance'
import { useSolBalance } from './useSolBalance'

/**
 * The user's addresses, each with Copy and its balance: the EVM account in ETH on the app's chain, and the
 * Solana account of their wallet in SOL. A balance without its chain in the settings says so.
 *
 * @example
 * <AddressesPanel user={user} settings={settings} />
 */
export function AddressesPanel({
  user,
  settings,
}: {
  user: NonNullable<UseUserReturnType>
  settings: DemoSettings
}) {
  const solanaAddress = user.type === 'sca' ? user.solanaAddress : undefined
  const eth = useEthBalance(user.address, settings.chain !== undefined)
  const sol = useSolBalance(settings.solana?.rpcUrl, solanaAddress)
  return (
    <Panel
      title="Addresses"
      description="One seed, two chains: the keys never reach this page."
      className="panel-span"
    >
      <dl className="values address-values">
        <CopyableValue label="EVM address" value={user.address} />
        <div className="value-row balance-row">
          <dt>{settings.chain ? `Balance on ${settings.chain.name}` : 'ETH balance'}</dt>
          <dd data-testid="wallet-eth-balance">
            {!settings.chain
              ? 'no chain set up'
              : eth.data === undefined
                ? eth.isError
                  ? 'could not be read'
                  : '…'
                : `${formatEther(eth.data)} ETH`}
          </dd>
        </div>
        <CopyableValue
          label="Solana address"
          value={solanaAddress}
          fallback={user.type === 'sca' ? 'loading…' : 'not with a browser wallet'}
        />
        {user.type === 'sca' ? (
          <div className="value-row balance-row">
            <dt>SOL balance</dt>
            <dd data-testid="wallet-sol-balance">
              {!settings.solana
                ? 'no Solana runtime set up'
                : sol.data === undefined
                  ? sol.isError
                    ? 'could not be read'
                    : '…'
                  : `${formatSol(sol.data)} SOL`}
            </dd>
          </div>
        ) : null}
      </dl>
    </Panel>
  )
}
