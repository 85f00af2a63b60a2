import { spawn } from 'node:child_process'
import { join } from 'node:path'
import { stripVTControlCharacters } from 'node:util'

export type VitePreview = {
  /** `http://localhost:PORT`, the origin the app is served from. */
  url: string
  close(): Promise<void>
}

/**
 * Runs `vite preview` (the app's own Vite, from its `node_modules`) on `port` of 127.0.0.1 with
 * `--strictPort`, serving the app's built `dist/`, and resolves once it prints its local URL.
 *
 * @example
 * const preview = await startVitePreview(appDir, await freePort())
 * await page.goto(preview.url)
 */
export async function startVitePreview(appDir: string, port: number): Promise<VitePreview> {
  const child = spawn(
    join(appDir, 'node_modules/.bin/vite'),
    ['preview', '--port', String(port), '--strictPort', '--host', '127.0.0.1'],
    {
      cwd: appDir,
      // Vite colours its output when `CI` is set (CI sets it), which splits `:PORT/` with escapes.
      env: { ...process.env, NO_COLOR: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    },
  )
  let output = ''
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`vite preview printed no URL in 60 s:\n${output}`)),
      60_000,
    )
    const onData = (chunk: Buffer) => {
      output += chunk.toString('utf8')
      if (stripVTControlCharacters(output).includes(`:${port}/`)) {
        clearTimeout(timer)
        resolve()
      }
    }
    child.stdout.on('data', onData)
    child.stderr.on('data', onData)
    void exited.then(() => {
      clearTimeout(timer)
      reject(new Error(`vite preview exited before serving:\n${output}`))
    })
  })
  return {
    url: `http://localhost:${port}`,
    async close() {
      if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return
      process.kill(-child.pid, 'SIGTERM')
      await exited
    },
  }
}
