export type AdminListenerOptions = { port: number; host: string }

/**
 * Where the admin listener (`/metrics`, `/healthz`, `/readyz`) opens: `--admin-port` or
 * `SIGIL_ADMIN_PORT` (none given: no admin listener), on `--admin-host` or `SIGIL_ADMIN_HOST`, by default
 * 127.0.0.1 so metrics stay on loopback (docs/deploy.md#health-and-metrics).
 *
 * @example
 * parseAdminListener({ port: '9464' }, {}) // { port: 9464, host: '127.0.0.1' }
 */
export function parseAdminListener(
  flags: { port?: string | undefined; host?: string | undefined },
  env: Record<string, string | undefined> = process.env,
): AdminListenerOptions | undefined {
  const text = flags.port ?? env.SIGIL_ADMIN_PORT
  const host = flags.host ?? (env.SIGIL_ADMIN_HOST || '127.0.0.1')
  if (text === undefined || text === '') {
    if (flags.host !== undefined) throw new Error('--admin-host needs --admin-port (or SIGIL_ADMIN_PORT)')
    return undefined
  }
  const port = Number(text)
  if (!/^\d{1,5}$/.test(text) || port > 65_535) throw new Error(`--admin-port must be 0-65535, got ${text}`)
  return { port, host }
}
