import { execFile } from 'node:child_process'
import { serverCliArgs } from './serverCliArgs.js'

export type RunServerCliParameters = {
  /** The repository's root folder. */
  repositoryRoot: string
  /** Run the CLI from TypeScript source (`serverCliArgs`) instead of `packages/server/dist` (tests). */
  fromSource?: boolean | undefined
  /** Environment of the command (default this process's). */
  env?: NodeJS.ProcessEnv | undefined
}

/**
 * Runs one `sigil-server` command that prints JSON (`paymaster signer`, `policy list`, …) and
 * returns what it printed, parsed. Rejects with the command's own error line.
 *
 * @example
 * const { address } = await runServerCli({ repositoryRoot }, ['paymaster', 'signer', '--data-dir', dataDir])
 */
export function runServerCli<result>(parameters: RunServerCliParameters, args: string[]): Promise<result> {
  const { repositoryRoot, fromSource, env } = parameters
  const cli = serverCliArgs({ repositoryRoot, fromSource })
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [...cli, ...args],
      { cwd: repositoryRoot, env: env ?? process.env },
      (error, stdout, stderr) => {
        if (error) {
          const reason = stderr.trim().split('\n').at(-1) || error.message
          return reject(new Error(`sigil-server ${args.slice(0, 2).join(' ')}: ${reason}`))
        }
        try {
          resolve(JSON.parse(stdout.trim().split('\n').at(-1) ?? '') as result)
        } catch {
          reject(new Error(`sigil-server ${args.slice(0, 2).join(' ')} printed no JSON: ${stdout}`))
        }
      },
    )
  })
}
