import { execFile } from 'node:child_process'
import { cp, readdir } from 'node:fs/promises'
import { join } from 'node:path'
import { buildOnce } from './buildOnce.js'

const root = join(import.meta.dirname, '../..')

/**
 * Runs a command to its end; rejects with its output when it exits with an error.
 *
 * @example
 * const { stdout } = await run('npm', ['pack'], { cwd })
 */
export function run(
  command: string,
  args: string[],
  options: { cwd: string; env?: NodeJS.ProcessEnv; timeoutMs?: number },
): Promise<{ stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    execFile(
      command,
      args,
      {
        cwd: options.cwd,
        env: options.env ?? process.env,
        timeout: options.timeoutMs ?? 300_000,
        maxBuffer: 64 << 20,
      },
      (error, stdout, stderr) => {
        if (error)
          reject(new Error(`${command} ${args.join(' ')} failed (${error.message}):\n${stdout}${stderr}`))
        else resolve({ stdout, stderr })
      },
    )
  })
}

/**
 * The public packages' tarballs as `npm run pack` writes them (it builds every package, then packs each
 * public one into `dist-packages/`), once per test run (`buildOnce`): the first suite to ask runs it, and
 * every suite reads the copy in the run's folder. Answers that folder and the tarballs' file names.
 *
 * @example
 * const { dir, tarballs } = await packPackages() // tarballs: ['sigil-accounts-0.1.0.tgz', …]
 */
export async function packPackages(): Promise<{ dir: string; tarballs: string[] }> {
  const dir = await buildOnce('packages', async (outDir) => {
    await run('npm', ['run', 'pack'], { cwd: root })
    await cp(join(root, 'dist-packages'), outDir, { recursive: true })
  })
  const tarballs = (await readdir(dir)).filter((name) => name.endsWith('.tgz')).sort()
  return { dir, tarballs }
}
