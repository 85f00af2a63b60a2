import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { acceptsConnections, findNginx, freePort } from './localPorts.js'

export type NginxProxy = {
  /** `http://127.0.0.1:PORT`, no trailing slash. */
  url: string
  /** Stops nginx and removes its folder. */
  close(): Promise<void>
}

/**
 * A real nginx on a free port of 127.0.0.1, reverse-proxying to `upstreamUrl` the way the server
 * README tells operators to (`X-Forwarded-For $proxy_add_x_forwarded_for`), as one foreground process
 * (no daemon, no master) with its files in a temp folder.
 *
 * @example
 * const proxy = await startNginxProxy(listener.url)
 * await fetch(`${proxy.url}/health`)
 * await proxy.close()
 */
export async function startNginxProxy(upstreamUrl: string): Promise<NginxProxy> {
  const nginx = findNginx()
  const prefix = await mkdtemp(join(tmpdir(), 'sigil-nginx-'))
  const port = await freePort()
  const config = `
daemon off;
master_process off;
worker_processes 1;
pid ${join(prefix, 'nginx.pid')};
error_log stderr warn;
events { worker_connections 256; }
http {
  access_log off;
  client_body_temp_path ${join(prefix, 'body')};
  proxy_temp_path ${join(prefix, 'proxy')};
  fastcgi_temp_path ${join(prefix, 'fastcgi')};
  uwsgi_temp_path ${join(prefix, 'uwsgi')};
  scgi_temp_path ${join(prefix, 'scgi')};
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass ${upstreamUrl};
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
    }
  }
}
`
  await writeFile(join(prefix, 'nginx.conf'), config)
  const child = spawn(nginx, ['-p', prefix, '-c', join(prefix, 'nginx.conf'), '-e', 'stderr'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  let output = ''
  child.stderr.on('data', (chunk) => {
    output += chunk
  })
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const deadline = Date.now() + 10_000
  while (!(await acceptsConnections(port))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL')
      await rm(prefix, { recursive: true, force: true })
      throw new Error(`nginx did not start:\n${output}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  return {
    url: `http://127.0.0.1:${port}`,
    async close() {
      if (child.exitCode === null) child.kill('SIGTERM')
      await exited
      if (existsSync(prefix)) await rm(prefix, { recursive: true, force: true })
    },
  }
}
