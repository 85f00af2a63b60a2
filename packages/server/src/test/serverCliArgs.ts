import { fileURLToPath } from 'node:url'

const cliSource = fileURLToPath(new URL('../cli.ts', import.meta.url))

/**
 * The `node` arguments that run `sigil-server` from source in the suites' child processes: the test
 * run's bundle of the CLI (`SIGIL_SERVER_CLI_BUNDLE`, made once by the root global setup with
 * `bundleServerCli`), else `src/cli.ts` through tsx (a test file run outside Vitest, the bench).
 *
 * @example
 * spawn(process.execPath, [...serverCliArgs(), 'start', '--port', '0'])
 */
export function serverCliArgs(): string[] {
  const bundle = process.env.SIGIL_SERVER_CLI_BUNDLE
  return bundle ? [bundle] : ['--conditions=source', '--import', 'tsx', cliSource]
}
