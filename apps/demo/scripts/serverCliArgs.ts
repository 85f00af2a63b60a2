import { join } from 'node:path'

/**
 * The `node` arguments that run `sigil-server`: the built package (`packages/server/dist`), or with
 * `fromSource` (tests) the test run's bundle of the sources when the test setup made one
 * (`SIGIL_SERVER_CLI_BUNDLE`), else `src/cli.ts` through tsx.
 *
 * @example
 * spawn(process.execPath, [...serverCliArgs({ repositoryRoot }), 'start', '--dev'])
 */
export function serverCliArgs({
  repositoryRoot,
  fromSource,
}: {
  repositoryRoot: string
  fromSource?: boolean | undefined
}): string[] {
  if (!fromSource) return [join(repositoryRoot, 'packages/server/dist/cli.js')]
  const bundle = process.env.SIGIL_SERVER_CLI_BUNDLE
  return bundle
    ? [bundle]
    : ['--conditions=source', '--import', 'tsx', join(repositoryRoot, 'packages/server/src/cli.ts')]
}
