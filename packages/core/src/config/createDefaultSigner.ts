import { createSigner, type Signer } from '@sigil/signer'
import type { CreateConfigParameters } from './CreateConfigParameters.js'
import { defaultIframeContainerId } from './defaultIframeContainerId.js'

/** Finds the key frame's container and empties it (a stale frame), or adds a hidden one to the page. */
function prepareContainer(document: Document, id: string) {
  const existing = document.getElementById(id)
  if (existing) {
    existing.innerHTML = ''
    return
  }
  const container = document.createElement('div')
  container.id = id
  container.style.display = 'none'
  document.body.appendChild(container)
}

/**
 * The signer of a config (docs/account-kit.md#core "default createSigner"): in a browser the key frame goes
 * in `iframeConfig.iframeContainerId`, which is found and emptied, or added hidden to the page;
 * with a `stamper` (Node, tests) no page is touched. `@sigil/signer` restores the stored session
 * and prepares popup OAuth when `enablePopupOauth` is set.
 *
 * @example
 * const signer = createDefaultSigner({ connection, chain }) // in a browser
 */
export function createDefaultSigner(parameters: CreateConfigParameters): Signer {
  const iframeContainerId = parameters.iframeConfig?.iframeContainerId ?? defaultIframeContainerId
  if (!parameters.stamper) prepareContainer(globalThis.document, iframeContainerId)
  const { domain: _, ...sessionConfig } = parameters.sessionConfig ?? {}
  return createSigner({
    connection: parameters.connection,
    iframeConfig: { ...parameters.iframeConfig, iframeContainerId },
    rpId: parameters.rpId,
    rootOrgId: parameters.rootOrgId,
    oauthCallbackUrl: parameters.oauthCallbackUrl,
    enablePopupOauth: parameters.enablePopupOauth,
    sessionConfig,
    stamper: parameters.stamper,
    fetch: parameters.fetch,
    window: parameters.window,
  })
}
