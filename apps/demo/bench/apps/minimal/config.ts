import { sigilDevnet } from '@sigil/core'
import { createConfig } from '@sigil/react'

/**
 * The minimal app's Sigil config: the Sigil server and the app's key (`npm start` prints them), the
 * local chain, and a sign-in card with email and passkey.
 */
export const config = createConfig(
  {
    connection: { rpcUrl: 'http://localhost:8787', apiKey: 'sigil_dev_app_key' },
    chain: sigilDevnet,
    iframeConfig: { iframeContainerId: 'sigil-signer-frame' },
  },
  { auth: { sections: [[{ type: 'email' }], [{ type: 'passkey' }]], addPasskeyOnSignup: true } },
)
