import { spawn } from 'node:child_process'
import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { acceptsConnections, findNginx } from '../../src/test/localPorts.js'
import type { TestCertificate } from './generateTestCertificate.js'

/** The nginx site file operators copy (docs/deploy.md#nginx-in-front shows it). */
export const nginxSitePath = fileURLToPath(new URL('../../deploy/nginx-sigil.conf', import.meta.url))

export type TlsProxy = {
  /** `https://localhost:PORT`: Sigil behind nginx. */
  url: string
  /** `https://localhost:PORT`: the static app page, another origin of the same site. */
  appUrl: string
  /** The nginx config written (the site file adapted, inside a foreground `http {}`). */
  config: string
  close(): Promise<void>
}

export type StartTlsProxyOptions = {
  /** Loopback ports for Sigil behind the proxy and for the app page (`freePort` of `src/test/localPorts.ts`). */
  port: number
  appPort: number
  /** `127.0.0.1:PORT` of each Sigil instance. */
  upstreams: [string, string]
  certificate: TestCertificate
  /** Folder of the app page (`index.html`, `page.js`) nginx serves on `appUrl`. */
  pageDir: string
  /** Where nginx keeps its temp files and the config. */
  dir: string
}

/** Replaces `from` (which must occur exactly once) with `to`, so the site file cannot drift silently. */
function replaceOnce(text: string, from: string, to: string): string {
  const parts = text.split(from)
  if (parts.length !== 2)
    throw new Error(`${nginxSitePath}: expected "${from}" once, found ${parts.length - 1}`)
  return parts.join(to)
}

/**
 * The site file of `packages/server/deploy/nginx-sigil.conf`, adapted only in its listen address, its
 * two upstream servers and its certificate paths.
 */
export async function adaptNginxSite(parts: {
  port: number
  upstreams: [string, string]
  certificate: TestCertificate
}): Promise<string> {
  let site = await readFile(nginxSitePath, 'utf8')
  site = replaceOnce(site, 'listen 443 ssl http2;', `listen 127.0.0.1:${parts.port} ssl http2;`)
  site = replaceOnce(site, 'server 127.0.0.1:8787;', `server ${parts.upstreams[0]};`)
  site = replaceOnce(site, 'server 10.0.0.12:8787;', `server ${parts.upstreams[1]};`)
  site = replaceOnce(site, '/etc/ssl/sigil/fullchain.pem', parts.certificate.certificatePath)
  site = replaceOnce(site, '/etc/ssl/sigil/privkey.pem', parts.certificate.keyPath)
  return site
}

/**
 * Debian's nginx on loopback as one foreground process (no daemon, no master): the deploy site file
 * (TLS, round robin over the two instances) on one free port, and the app page on another, both with
 * the test certificate.
 *
 * @example
 * const proxy = await startTlsProxy({ upstreams, certificate, pageDir, dir })
 */
export async function startTlsProxy(options: StartTlsProxyOptions): Promise<TlsProxy> {
  const { certificate, dir } = options
  const nginx = findNginx()
  const { port, appPort } = options
  const site = await adaptNginxSite({ port, upstreams: options.upstreams, certificate })
  const config = `
daemon off;
master_process off;
worker_processes 1;
pid ${join(dir, 'nginx.pid')};
error_log stderr warn;
events { worker_connections 512; }
http {
  access_log off;
  client_body_temp_path ${join(dir, 'body')};
  proxy_temp_path ${join(dir, 'proxy')};
  fastcgi_temp_path ${join(dir, 'fastcgi')};
  uwsgi_temp_path ${join(dir, 'uwsgi')};
  scgi_temp_path ${join(dir, 'scgi')};
${site}
  # The app page (what an app's own web server would serve), another origin of the same site.
  server {
    listen 127.0.0.1:${appPort} ssl http2;
    ssl_certificate     ${certificate.certificatePath};
    ssl_certificate_key ${certificate.keyPath};
    root ${options.pageDir};
    types { text/html html; text/javascript js; }
    location / { try_files $uri /index.html; }
  }
}
`
  await writeFile(join(dir, 'nginx.conf'), config)
  const child = spawn(nginx, ['-p', dir, '-c', join(dir, 'nginx.conf'), '-e', 'stderr'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  let output = ''
  child.stderr.on('data', (chunk) => {
    output += chunk
  })
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const deadline = Date.now() + 10_000
  while (!(await acceptsConnections(port)) || !(await acceptsConnections(appPort))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL')
      throw new Error(`nginx did not start:\n${output}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  return {
    url: `https://localhost:${port}`,
    appUrl: `https://localhost:${appPort}`,
    config,
    async close() {
      if (child.exitCode === null) child.kill('SIGTERM')
      await exited
    },
  }
}
