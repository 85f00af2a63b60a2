import type { SignerRoutes } from '@sigil/protocol'
import type { SignerClient } from '../client/SignerClient.js'
import { request } from '../transport/request.js'

/** `/v1/signer-config`'s answer: how the app's email sign-in works. */
export type GetConfigReturnType = SignerRoutes['/v1/signer-config']['response']

/**
 * The app's sign-in settings from the server (`POST /signer/v1/signer-config` with `{}`), e.g.
 * whether email sign-in sends a code (`OTP`) or a link (`MAGIC_LINK`). Fetched once per signer and
 * cached; a failed fetch is not cached, so the next call asks again.
 *
 * @example
 * const { email } = await getConfig(signer)
 * if (email.mode === 'OTP') showCodeInput()
 */
export function getConfig(client: SignerClient): Promise<GetConfigReturnType> {
  if (!client.current.serverConfig) {
    const fetched = request(client, '/v1/signer-config', {})
    client.current.serverConfig = fetched
    fetched.catch(() => {
      if (client.current.serverConfig === fetched) client.current.serverConfig = undefined
    })
  }
  return client.current.serverConfig
}
