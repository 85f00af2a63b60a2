/** What the demo needs at run time; `npm start` serves it as `config.json` beside the page. */
export type DemoSettings = {
  /** The Sigil server, e.g. `http://localhost:8787`. */
  rpcUrl: string
  /** The dev app's API key (its allowed origin is the demo's). */
  apiKey: string
  /** The dev mailbox page, where sign-in codes and links land. */
  mailboxUrl?: string | undefined
  /** The dev SMS outbox page, where texted codes land. */
  smsOutboxUrl?: string | undefined
  /**
   * The OAuth providers configured on the server; each gets a 'Continue with …' button, named
   * `displayName` when given, that opens the provider in a popup, or with `mode: 'redirect'` sends the
   * page to it and back (`npm start`'s dev login has one of each).
   */
  oauthProviders?:
    | {
        id: string
        isCustomProvider?: boolean | undefined
        displayName?: string | undefined
        mode?: 'popup' | 'redirect' | undefined
      }[]
    | undefined
  /** A WalletConnect project id; without it the wallet list has no WalletConnect entry. */
  walletConnectProjectId?: string | undefined
  /**
   * The wallet list's WalletConnect settings as they are (wins over `walletConnectProjectId`):
   * `{}` shows the WalletConnect entry without settings, which ends on its configuration error screen.
   */
  walletConnect?: Record<string, unknown> | undefined
  /** The gas policy that sponsors the demo's smart-account operations (`npm start` creates one). */
  policyId?: string | undefined
  /**
   * The local chain (`@sigil/devnet`): its id, name and node URL. The smart-account panel talks to the
   * server's gateway for it (`<rpcUrl>/rpc/<id>`); without it the panel says smart accounts are off.
   */
  chain?: { id: number; name: string; nodeRpcUrl: string } | undefined
  /**
   * The local Solana runtime as the demo reaches it: `rpcUrl` is the server's RPC gateway for it
   * (`<server>/rpc/solana-localnet/<apiKey>`, which forwards node methods and answers
   * `alchemy_requestFeePayer`), `policyId` the Solana policy that sponsors the demo's transfers. Without
   * it the Solana panel says Solana is off.
   */
  solana?: { rpcUrl: string; policyId?: string | undefined } | undefined
}

declare global {
  interface Window {
    /** Settings injected by a page that embeds the demo (tests); wins over `config.json`. */
    __SIGIL_DEMO__?: DemoSettings
  }
}

/**
 * The demo's settings: `window.__SIGIL_DEMO__` when a page injected them, else `config.json` next
 * to the page (written by the start script, never built in or committed: it holds the app's key).
 *
 * @example
 * const { rpcUrl, apiKey } = await loadDemoSettings()
 */
export async function loadDemoSettings(): Promise<DemoSettings> {
  const settings = window.__SIGIL_DEMO__ ?? (await fetchSettings())
  if (typeof settings?.rpcUrl !== 'string' || typeof settings.apiKey !== 'string')
    throw new Error('config.json must give rpcUrl and apiKey')
  return settings
}

async function fetchSettings(): Promise<DemoSettings> {
  const response = await fetch(new URL('config.json', document.baseURI), { cache: 'no-store' })
  if (!response.ok) throw new Error(`config.json answered ${response.status}`)
  return (await response.json()) as DemoSettings
}
