import { createApiKeyStamp } from '@sigil/protocol'
import type { Stamper } from './Stamper.js'

export type CreateApiKeyStamperParameters = {
  /** Compressed P-256 public key, hex. */
  publicKey: string
  /** P-256 private key, hex or 32 bytes. */
  privateKey: string | Uint8Array
}

/**
 * A stamper for backends: signs bodies with a P-256 API key (`X-Stamp`), e.g. one created by
 * `sigil-server admin create-api-key`, to call the key API (`/public/v1`) server-side.
 *
 * @example
 * const stamper = createApiKeyStamper({ publicKey, privateKey })
 * const body = JSON.stringify({ organizationId })
 * const stamp = await stamper.stamp(body)
 * await fetch(`${url}/public/v1/query/whoami`, { method: 'POST', body, headers: { [stamp.stampHeaderName]: stamp.stampHeaderValue } })
 */
export function createApiKeyStamper({ publicKey, privateKey }: CreateApiKeyStamperParameters): Stamper {
  return { stamp: (body) => createApiKeyStamp({ body, privateKey, publicKey }) }
}
