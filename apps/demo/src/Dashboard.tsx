import type { UseUserReturnType } from '@sigil/react'
import type { DemoSettings } from './loadDemoSettings'
import { AccountPanel } from './panels/AccountPanel'
import { AddressesPanel } from './panels/AddressesPanel'
import { DeleteAccountPanel } from './panels/DeleteAccountPanel'
import { ExportPanel } from './panels/ExportPanel'
import { PasskeyPanel } from './panels/PasskeyPanel'
import { SignMessagePanel } from './panels/SignMessagePanel'
import { SignTypedDataPanel } from './panels/SignTypedDataPanel'
import { SmartAccountPanel } from './panels/SmartAccountPanel'
import { SolanaPanel } from './panels/SolanaPanel'
import { SolanaSignMessage } from './panels/SolanaSignMessage'
import { TotpPanel } from './panels/TotpPanel'
import { type SectionLink, SectionNav } from './SectionNav'
import { DashboardSection } from './ui/DashboardSection'

const walletSections: SectionLink[] = [
  { id: 'wallet', label: 'Wallet' },
  { id: 'signing', label: 'Signing' },
  { id: 'security', label: 'Security' },
  { id: 'export', label: 'Export' },
]
/** A browser wallet keeps its own key: no security settings or export here. */
const browserWalletSections = walletSections.slice(0, 2)

/**
 * The signed-in page, as a wallet app is laid out: the wallet first (who is signed in, addresses with their
 * balances, the sponsored smart-account send and the Solana transfer), then signing, then security
 * (two-factor codes with recovery codes, passkeys), then export; a section nav on top. A connected browser
 * wallet (not a Sigil wallet) gets the account, its address and signing only.
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
      <SectionNav sections={embedded ? walletSections : browserWalletSections} />
      <DashboardSection
        id="wallet"
        title="Wallet"
        intro="Your addresses, what they hold, and sending without paying gas."
        layout="wide"
      >
        <AccountPanel user={user} />
        <AddressesPanel user={user} settings={settings} />
        {embedded ? (
          <>
            <SmartAccountPanel settings={settings} />
            <SolanaPanel settings={settings} />
          </>
        ) : null}
      </DashboardSection>
      <DashboardSection
        id="signing"
        title="Signing"
        intro="Sign with your keys; each signature is checked on this page."
      >
        <SignMessagePanel address={user.address} />
        <SignTypedDataPanel address={user.address} />
        {embedded ? <SolanaSignMessage /> : null}
      </DashboardSection>
      {embedded ? (
        <>
          <DashboardSection
            id="security"
            title="Security"
            intro="How you sign in: an authenticator app with recovery codes, and passkeys."
            layout="wide"
          >
            <TotpPanel />
            <PasskeyPanel userId={user.userId} />
          </DashboardSection>
          <DashboardSection
            id="export"
            title="Export"
            intro="Take your wallet to another app with its recovery phrase, or leave for good."
            layout="narrow"
          >
            <ExportPanel />
            <DeleteAccountPanel />
          </DashboardSection>
        </>
      ) : null}
    </div>
  )
}
