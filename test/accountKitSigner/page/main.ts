import { AlchemyWebSigner } from '@account-kit/signer'
import { ApiKeyStamper } from '@turnkey/api-key-stamper'
import { TurnkeyClient } from '@turnkey/http'
import { Buffer } from 'buffer'

/*
 * The harness page: an unmodified `@account-kit/signer` 4.88.4 as an Account Kit app uses it, with
 * `rpcUrl` pointed at Sigil. Tests drive `window.signer` with `page.evaluate`.
 */

/** `rpcUrl` alone: Sigil finds the app by the page's origin (no API key in the browser). */
type PageConfig = { rpcUrl: string; oauthCallbackUrl: string }

declare global {
  interface Window {
    signer: AlchemyWebSigner
    createSigner(config: PageConfig): AlchemyWebSigner
    /**
     * A `TurnkeyClient` stamping with a user's API key, for the calls that take `client` (such as
     * `exportPrivateKeyEncrypted`): the auth frame refuses to stamp an export to a key that is not
     * its own export frame's.
     */
    createApiKeyClient(key: { publicKey: string; privateKey: string }): TurnkeyClient
    /** Promises a test starts in one `evaluate` and awaits in another. */
    pending: Record<string, Promise<unknown>>
  }
}
// Account Kit's OAuth code uses Node's `Buffer`; apps bundle the `buffer` polyfill, as here.
;(globalThis as { Buffer?: unknown }).Buffer ??= Buffer
window.pending = {}
window.createApiKeyClient = ({ publicKey, privateKey }) =>
  new TurnkeyClient(
    { baseUrl: 'https://api.turnkey.com' },
    new ApiKeyStamper({ apiPublicKey: publicKey, apiPrivateKey: privateKey }),
  )
window.createSigner = (config) => {
  window.signer = new AlchemyWebSigner({
    client: {
      connection: { rpcUrl: config.rpcUrl },
      iframeConfig: { iframeContainerId: 'signer-frame' },
      oauthCallbackUrl: config.oauthCallbackUrl,
      enablePopupOauth: true,
    },
  })
  window.signer.on('statusChanged', (status) => {
    const element = document.getElementById('status')
    if (element) element.textContent = status
  })
  return window.signer
}
