import { getConfig } from '../actions/getConfig.js'
import type { SignerClient } from '../client/SignerClient.js'
import { withFrameApp } from './withFrameApp.js'

/**
 * The URL to mount a key frame from: `url` (`iframeConfig.iframeUrl` / `exportIframeUrl`) with the
 * signer's app added (`?app=<appId>`, the `appId` of `/v1/signer-config`, fetched once per signer),
 * since the server serves each frame for one app. A URL that names an app, or a server that does
 * not tell the app's id, leaves `url` as it is.
 *
 * @example
 * const url = await resolveFrameUrl(signer, signer.config.iframeConfig.iframeUrl)
 * // 'https://signer.example.com/frame/auth?app=app_123'
 */
export async function resolveFrameUrl(client: SignerClient, url: string): Promise<string> {
  const { appId } = await getConfig(client)
  return appId ? withFrameApp(url, appId) : url
}
