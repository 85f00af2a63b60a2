import { type ChildProcess, spawn } from 'node:child_process'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { testServerEnv } from './startDemoTestbed.js'

const repositoryRoot = fileURLToPath(new URL('../../../', import.meta.url))
const startScript = join(repositoryRoot, 'apps/demo/scripts/start.ts')

export type RunningStart = {
  process: ChildProcess
  output(): string
  demoUrl: string
  serverUrl: string
  mailboxUrl: string
  apiKey: string
  chainUrl: string
  bundlerUrl: string
  gatewayUrl: string
  policyId: string
  solanaUrl: string
  solanaGatewayUrl: string
  solanaPolicyId: string
  devLoginUrl: string
  exited: Promise<number | NodeJS.Signals | null>
}

export type RunStartScriptParameters = {
  /** The key frames the Chromium suites' global setup built (`inject('browserAssets').frameDir`). */
  frameDir: string
  /** The demo, built once beforehand (`buildDemo`). */
  demoDir: string
  /** The data folder (`SIGIL_DATA_DIR`). */
  dataDir: string
}

/**
 * `npm start`'s script as a person runs it (`apps/demo/scripts/start.ts`), here with the demo built
 * once beforehand (`--no-build --demo-dir`), the server from source and every port `0`, in its own
 * process group (as a terminal does); resolves with the URLs of its summary once it is printed.
 *
 * @example
 * const started = await runStartScript({ frameDir, demoDir, dataDir })
 */
export async function runStartScript({
  frameDir,
  demoDir,
  dataDir,
}: RunStartScriptParameters): Promise<RunningStart> {
  const env = {
    ...testServerEnv(frameDir),
    PORT: '0',
    SIGIL_DEMO_PORT: '0',
    SIGIL_DEVNET_PORT: '0',
    SIGIL_BUNDLER_PORT: '0',
    SIGIL_SOLANA_PORT: '0',
    SIGIL_DEV_LOGIN_PORT: '0',
    SIGIL_DATA_DIR: dataDir,
  }
  const args = ['--conditions=source', '--import', 'tsx', startScript, '--no-build', '--from-source']
  const child = spawn(process.execPath, [...args, '--demo-dir', demoDir], {
    cwd: repositoryRoot,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout.on('data', (chunk) => {
    output += chunk
  })
  child.stderr.on('data', (chunk) => {
    output += chunk
  })
  const exited = new Promise<number | NodeJS.Signals | null>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal)),
  )
  for (let waited = 0; !output.includes('Stop with Ctrl-C.'); waited += 50) {
    if (child.exitCode !== null || waited > 100_000) throw new Error(`npm start did not start:\n${output}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  const line = (label: string) => new RegExp(`^ {2}${label} +(\\S+)`, 'm').exec(output)?.[1] ?? ''
  return {
    process: child,
    output: () => output,
    demoUrl: line('Demo'),
    serverUrl: line('Sigil server'),
    mailboxUrl: line('Dev mailbox'),
    apiKey: line('Dev app key'),
    chainUrl: line('Chain'),
    bundlerUrl: line('Bundler'),
    gatewayUrl: line('RPC gateway'),
    policyId: line('Gas policy'),
    solanaUrl: line('Solana'),
    solanaGatewayUrl: line('Solana gateway'),
    solanaPolicyId: line('Solana policy'),
    devLoginUrl: line('Dev login'),
    exited,
  }
}

/** SIGKILL to whatever is left of a process group (a failed test's clean-up). */
export function killGroup(pid: number): void {
  try {
    process.kill(-pid, 'SIGKILL')
  } catch {
    // Nothing left.
  }
}
