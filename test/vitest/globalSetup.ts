import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { basename, join } from 'node:path'
import type { TestProject } from 'vitest/node'
import { bundleCli } from './bundleCli.js'

declare module 'vitest' {
  export interface ProvidedContext {
    /** A folder of this test run's, shared by every worker (`buildOnce` keeps its builds there). */
    testRunDir: string
  }
}

const root = join(import.meta.dirname, '../..')

/**
 * Vitest global setup of the `integration` project, once per run before its first file starts:
 * - a folder for the run's shared builds (`buildOnce`), deleted at the end;
 * - the `sigil-server` and `sigil-devnet` CLIs bundled from source (`bundleCli`), named in
 *   `SIGIL_SERVER_CLI_BUNDLE` and `SIGIL_DEVNET_CLI_BUNDLE`, which every worker and every process they
 *   start inherits: the suites' child processes run these instead of transpiling the sources through tsx
 *   each time (docs/testing.md).
 */
export default async function setup(project: TestProject) {
  const runDir = await mkdtemp(join(tmpdir(), 'sigil-test-run-'))
  project.provide('testRunDir', runDir)
  const [serverCli, devnetCli] = await Promise.all([
    bundleCli(join(root, 'packages/server'), basename(runDir)),
    bundleCli(join(root, 'packages/devnet'), basename(runDir)),
  ])
  process.env.SIGIL_SERVER_CLI_BUNDLE = serverCli.cliPath
  process.env.SIGIL_DEVNET_CLI_BUNDLE = devnetCli.cliPath
  return async () => {
    delete process.env.SIGIL_SERVER_CLI_BUNDLE
    delete process.env.SIGIL_DEVNET_CLI_BUNDLE
    await Promise.all([serverCli.remove(), devnetCli.remove(), rm(runDir, { recursive: true, force: true })])
  }
}
