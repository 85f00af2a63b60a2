import type { UseUserReturnType } from '@sigil/react'
import type { DemoSettings } from './loadDemoSettings'
import { AccountPanel } from './panels/AccountPanel'
import { AddressesPanel } from './panels/AddressesPanel'
import { ExportPanel } from './panels/ExportPanel'
import { PasskeyPanel } from './panels/PasskeyPanel'
import { SignMessagePanel } from './panels/SignMessagePanel'
import { SignTypedDataPanel } from './panels/SignTypedDataPanel'
import { SmartAccountPanel } from './panels/SmartAccountPanel'
import { SolanaPanel } from './panels/SolanaPanel'
import { SolanaSignMessage } from './panels/SolanaSignMessage'
import { TotpPanel } from './panels/TotpPanel'

/**
 * The signed-in page: who the user is, their addresses, signing, and (for a Sigil wallet, not a
 * connected browser wallet) a smart account, the Solana account, two-factor codes, passkeys and export.
 *
 * @example
 * <Dashboard user={user} settings={settings} />
 */
export function Dashboard({
  user,
  settings,
}: {
  user: NonNullable<UseUserReturnType>
  settings: DemoSettings
}) {
  const embedded = user.type === 'sca'
  return (
    <div className="dashboard">
      <h1 className="visually-hidden">Your wallet</h1>
      <AccountPanel user={user} />
      <AddressesPanel user={user} />
      <SignMessagePanel address={user.address} />
      <SignTypedDataPanel address={user.address} />
      {embedded ? (
        <>
          <SmartAccountPanel settings={settings} />
          <SolanaPanel settings={settings} />
          <SolanaSignMessage />
          <TotpPanel />
          <PasskeyPanel userId={user.userId} />
          <ExportPanel />
        </>
      ) : null}
    </div>
  )
}
