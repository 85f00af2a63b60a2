import type {
  ActivityResponse,
  ListWalletAccountsResponse,
  ListWalletsResponse,
  V1Activity,
} from '@sigil/protocol'
import type { SignerClient } from '../client/SignerClient.js'
import { defaultExportIframeElementId } from '../config/defaults.js'
import { SignerError } from '../errors/SignerError.js'
import { createExportFrame, type ExportFrame } from '../stampers/createExportFrame.js'
import { resolveFrameUrl } from '../stampers/resolveFrameUrl.js'
import { requireUser } from '../store/requireUser.js'
import type { User } from '../types.js'
import { requestPublicApi } from './requestPublicApi.js'
import { waitForActivity } from './waitForActivity.js'

export type ExportWalletParameters = {
  /** The element the export frame is put in (visible: the secret is shown there). */
  iframeContainerId: string
  /** Default `'turnkey-export-iframe'`. */
  iframeElementId?: string | undefined
  /** Default `'SEED_PHRASE'` while the key frame stamps, `'PRIVATE_KEY'` otherwise (after a passkey login). */
  exportAs?: 'SEED_PHRASE' | 'PRIVATE_KEY' | undefined
  /** The wallet account to export as a private key; default the user's address. */
  address?: string | undefined
  /** Where the secret is shown; default `createExportFrame` on `iframeConfig.exportIframeUrl` (plus `?app=`). */
  exportFrame?: ExportFrame | undefined
}

export type ExportWalletReturnType = boolean

type ExportClient = Pick<SignerClient, 'fetch' | 'stampRequest'>

/** The id of the wallet that holds `address`, from `list_wallets` then `list_wallet_accounts`. */
async function findWalletId(client: ExportClient, organizationId: string, address: string): Promise<string> {
  const { wallets } = await requestPublicApi<ListWalletsResponse>(client, 'query/list_wallets', {
    organizationId,
  })
  for (const { walletId } of wallets) {
    const { accounts } = await requestPublicApi<ListWalletAccountsResponse>(
      client,
      'query/list_wallet_accounts',
      { organizationId, walletId },
    )
    if (accounts.some((account) => account.address.toLowerCase() === address.toLowerCase())) return walletId
  }
  throw new SignerError(`Could not find wallet associated with ${address}`)
}

/** Submits an export activity and answers its completed form. */
async function submitExport(
  client: ExportClient,
  path: 'submit/export_wallet' | 'submit/export_wallet_account',
  type: 'ACTIVITY_TYPE_EXPORT_WALLET' | 'ACTIVITY_TYPE_EXPORT_WALLET_ACCOUNT',
  organizationId: string,
  parameters: Record<string, string>,
): Promise<V1Activity> {
  const { activity } = await requestPublicApi<ActivityResponse>(client, path, {
    type,
    timestampMs: String(Date.now()),
    organizationId,
    parameters,
  })
  return waitForActivity(client, { activity })
}

async function exportSeedPhrase(client: ExportClient, user: User, frame: ExportFrame): Promise<boolean> {
  const targetPublicKey = await frame.init()
  const walletId = await findWalletId(client, user.orgId, user.address)
  const activity = await submitExport(
    client,
    'submit/export_wallet',
    'ACTIVITY_TYPE_EXPORT_WALLET',
    user.orgId,
    {
      walletId,
      targetPublicKey,
    },
  )
  const { exportBundle } = activity.result.exportWalletResult as { exportBundle: string }
  return frame.injectWalletBundle(exportBundle, user.orgId)
}

async function exportPrivateKey(
  client: ExportClient,
  user: User,
  frame: ExportFrame,
  address: string,
): Promise<boolean> {
  const targetPublicKey = await frame.init()
  const activity = await submitExport(
    client,
    'submit/export_wallet_account',
    'ACTIVITY_TYPE_EXPORT_WALLET_ACCOUNT',
    user.orgId,
    { address, targetPublicKey },
  )
  const { exportBundle } = activity.result.exportWalletAccountResult as { exportBundle: string }
  const keyFormat = address === user.solanaAddress ? 'SOLANA' : 'HEXADECIMAL'
  return frame.injectKeyBundle(exportBundle, user.orgId, keyFormat)
}

/**
 * Exports the signed-in user's wallet into the export frame, which shows the secret; the page never
 * sees it. `SEED_PHRASE` finds the wallet holding the user's address (`list_wallets`,
 * `list_wallet_accounts`) and exports its mnemonic (`export_wallet`); `PRIVATE_KEY` exports one
 * account's key (`export_wallet_account`), in Solana's format for the user's Solana address. Both
 * seal the bundle to the frame's one-use key and wait for the activity. Throws
 * `NotAuthenticatedError`, `Unknown export mode: …`, `Could not find wallet associated with …` or
 * `Failed to inject wallet export bundle`. A frame this action made is removed again when the export
 * fails, so a retry can mount it anew.
 *
 * @example
 * await exportWallet(signer, { iframeContainerId: 'export-container' }) // the frame shows the seed phrase
 */
export async function exportWallet(
  client: SignerClient,
  {
    iframeContainerId,
    iframeElementId = defaultExportIframeElementId,
    exportAs = client.current.stamper === client.sessionStamper ? 'SEED_PHRASE' : 'PRIVATE_KEY',
    address,
    exportFrame,
  }: ExportWalletParameters,
): Promise<ExportWalletReturnType> {
  const user = requireUser(client)
  if (exportAs !== 'SEED_PHRASE' && exportAs !== 'PRIVATE_KEY')
    throw new SignerError(`Unknown export mode: ${exportAs}`)
  const frame =
    exportFrame ??
    createExportFrame({
      url: () => resolveFrameUrl(client, client.config.iframeConfig.exportIframeUrl),
      elementId: iframeElementId,
      containerId: iframeContainerId,
    })
  try {
    const injected =
      exportAs === 'SEED_PHRASE'
        ? await exportSeedPhrase(client, user, frame)
        : await exportPrivateKey(client, user, frame, address ?? user.address)
    if (!injected) throw new SignerError('Failed to inject wallet export bundle')
    return true
  } catch (error) {
    if (!exportFrame) frame.remove()
    throw error
  }
}
