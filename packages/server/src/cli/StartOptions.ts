import type { AdminListenerOptions } from '../observability/parseAdminListener.js'
import type { SigilServerConfig } from '../resolveConfig.js'

/** What `sigil-server start` was asked for, parsed once and handed to each process of a cluster. */
export type StartOptions = {
  config: SigilServerConfig
  port: number
  host: string
  dev: boolean
  devAppOrigin: string
  websocketPort: number | undefined
  adminListener: AdminListenerOptions | undefined
  /** Server processes sharing the port (docs/deploy.md#workers); 1 runs no cluster. */
  workers: number
}
