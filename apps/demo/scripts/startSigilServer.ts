import { type ChildProcess, spawn } from 'node:child_process'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { serverCliArgs } from './serverCliArgs.js'

export type StartSigilServerParameters = {
  /** The repository's root folder. */
  repositoryRoot: string
  /** Folder of the SQLite database, the master key and `dev-app.json`. */
  dataDir: string
  /** Port; `0` picks a free one. */
  port: number
  host: string
  /** The demo's origin: the dev app allows it. */
  devAppOrigin: string
  /** Run the CLI from TypeScript source (`serverCliArgs`) instead of `packages/server/dist` (tests). */
  fromSource?: boolean | undefined
  /** Environment of the server (default this process's). */
  env?: NodeJS.ProcessEnv | undefined
  /** Where the server's output goes after its banner (dev mail, logs); default stdout, `null` drops it. */
  output?: NodeJS.WritableStream | null | undefined
}

export type StartedSigilServer = {
  /** `http://localhost:PORT`. */
  url: string
  /** The dev mailbox page, when the server keeps mail (no `SMTP_URL`). */
  mailboxUrl: string | undefined
  /** The dev SMS outbox page, when the server keeps texts (no SMS provider). */
  smsOutboxUrl: string | undefined
  /** The dev app of `devAppOrigin`, from `<dataDir>/dev-app.json`. */
  devApp: { appId: string; apiKey: string }
  process: ChildProcess
  /** Resolves with the exit code (or signal) once the process has exited. */
  exited: Promise<number | NodeJS.Signals | null>
  /** SIGTERM (after 5 s SIGKILL); resolves once the process has exited. */
  stop(): Promise<void>
}

/**
 * Runs `sigil-server start --dev` in a child process (stderr shown as is: errors and the new-key
 * warning), waits for its start banner, and reads the dev app's key from `<dataDir>/dev-app.json`.
 * After the banner, the server's output is passed through. Should this process die without
 * stopping it, the server stops itself (`exitWithParent.mjs`).
 *
 * @example
 * const server = await startSigilServer({ repositoryRoot, dataDir: '.sigil', port: 8787, host: '127.0.0.1', devAppOrigin: 'http://localhost:5173' })
 */
export async function startSigilServer(parameters: StartSigilServerParameters): Promise<StartedSigilServer> {
  const { repositoryRoot, dataDir, port, host, devAppOrigin, output = process.stdout } = parameters
  const exitWithParent = ['--import', new URL('./exitWithParent.mjs', import.meta.url).href]
  const cli = serverCliArgs({ repositoryRoot, fromSource: parameters.fromSource })
  const args = [
    ...exitWithParent,
    ...cli,
    'start',
    '--dev',
    '--port',
    String(port),
    '--host',
    host,
    '--data-dir',
    dataDir,
    '--dev-app-origin',
    devAppOrigin,
  ]
  const child = spawn(process.execPath, args, {
    cwd: repositoryRoot,
    env: parameters.env ?? process.env,
    // The IPC channel only tells the server when this process is gone (exitWithParent.mjs).
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
  })
  child.channel?.unref()
  const exited = new Promise<number | NodeJS.Signals | null>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal)),
  )

  let banner = ''
  const ready = new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      banner += chunk.toString('utf8')
      if (!/^ {2}stop with Ctrl-C$/m.test(banner)) return
      child.stdout?.off('data', onData)
      if (output) child.stdout?.pipe(output)
      else child.stdout?.resume()
      resolve()
    }
    child.stdout?.on('data', onData)
    void exited.then((code) => reject(new Error(`the Sigil server exited (${code}) before it was ready`)))
  })
  await ready

  const listening = /^Sigil server listening on (http:\/\/\S+)$/m.exec(banner)?.[1]
  if (!listening) throw new Error(`no listening line in the Sigil server's banner:\n${banner}`)
  const url = listening.replace('//127.0.0.1:', '//localhost:')
  const devApp = JSON.parse(await readFile(join(dataDir, 'dev-app.json'), 'utf8')) as {
    appId: string
    apiKey: string
  }
  return {
    url,
    mailboxUrl: /dev mailbox: /.test(banner) ? `${url}/dev/mailbox` : undefined,
    smsOutboxUrl: /dev SMS outbox: /.test(banner) ? `${url}/dev/sms` : undefined,
    devApp: { appId: devApp.appId, apiKey: devApp.apiKey },
    process: child,
    exited,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return
      child.kill('SIGTERM')
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000)
      await exited
      clearTimeout(timer)
    },
  }
}
