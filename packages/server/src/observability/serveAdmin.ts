import type { SigilContext } from '../SigilContext.js'
import { createAdminApp } from './createAdminApp.js'
import { type AdminListener, listenAdmin } from './listenAdmin.js'

export type { AdminListener } from './listenAdmin.js'

/**
 * Opens the admin listener (`/healthz`, `/readyz`, `/metrics`) on `host` (default 127.0.0.1: loopback, so
 * metrics are not public unless the operator says so) and `port` (0: any free port).
 *
 * @example
 * const admin = await serveAdmin(app.sigil, { port: 9464 })
 */
export function serveAdmin(
  ctx: Pick<SigilContext, 'store' | 'vault' | 'apiKeyChanges' | 'metrics'>,
  listener: { port: number; host?: string | undefined },
): Promise<AdminListener> {
  return listenAdmin(createAdminApp(ctx), listener)
}
