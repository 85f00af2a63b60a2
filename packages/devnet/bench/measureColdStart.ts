import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { startDevnet } from '../src/startDevnet.js'

/** `startDevnet()` in this process, start to ready (anvil, deployments, alto answering), `runs` times. */
export async function measureStartDevnet(runs: number): Promise<number[]> {
  const timings: number[] = []
  for (let run = 0; run < runs; run++) {
    const started = performance.now()
    const devnet = await startDevnet()
    timings.push(performance.now() - started)
    await devnet.stop()
  }
  return timings
}

const cliSource = fileURLToPath(new URL('../src/cli.ts', import.meta.url))
/** The published bin (`bin/sigil-devnet.js` over `dist/cli.js`); present after `npm run build`. */
export const cliBin = fileURLToPath(new URL('../bin/sigil-devnet.js', import.meta.url))

/**
 * `sigil-devnet start` as a developer runs it, from source (tsx) or built (`bin`): spawn to the `Stop with
 * Ctrl-C` line (Node start-up included), then SIGTERM. The CLI's defaults are fixed ports (8545, 4337,
 * 8899), so the bench passes free ones (the Solana runtime starts too, as with `npm start`).
 */
export async function measureCliStart(
  runs: number,
  ports: () => Promise<[number, number]>,
  from: 'source' | 'bin',
): Promise<number[]> {
  const timings: number[] = []
  for (let run = 0; run < runs; run++) {
    const [port, bundlerPort] = await ports()
    const started = performance.now()
    const entry = from === 'source' ? ['--conditions=source', '--import', 'tsx', cliSource] : [cliBin]
    const args = ['start', '--port', `${port}`, '--bundler-port', `${bundlerPort}`, '--solana-port', '0']
    const child = spawn(process.execPath, [...entry, ...args], { stdio: ['ignore', 'pipe', 'inherit'] })
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
    await new Promise<void>((resolve, reject) => {
      let output = ''
      child.stdout.on('data', (chunk) => {
        output += chunk
        if (output.includes('Stop with Ctrl-C')) resolve()
      })
      child.once('exit', () => reject(new Error(`sigil-devnet exited:\n${output}`)))
    })
    timings.push(performance.now() - started)
    child.kill('SIGTERM')
    await exited
  }
  return timings
}
