import { availableParallelism } from 'node:os'
import { defineConfig } from 'vitest/config'
import { findTestFiles } from './test/vitest/findTestFiles.js'

/**
 * Test files run in parallel. Most of the suite's time is spent waiting on other processes (servers,
 * anvil and alto, Chromium, PostgreSQL), not on this process's CPU, so the default is twice the cores (at
 * least 4); `SIGIL_TEST_WORKERS=N` (or `--maxWorkers N`) overrides it. Every suite is isolated enough to
 * run beside any other: port 0, its own temp folders and PostgreSQL schema (docs/testing.md).
 */
const workers = Number(process.env.SIGIL_TEST_WORKERS) || Math.max(4, 2 * availableParallelism())

const include = [
  'packages/*/src/**/*.test.{ts,tsx}',
  'packages/*/test/**/*.test.{ts,tsx}',
  'apps/*/test/**/*.test.ts',
  'test/**/*.test.ts',
]
const { dom, integration } = findTestFiles(import.meta.dirname)

export default defineConfig({
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'] } },
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    maxWorkers: workers,
    reporters: ['default', './test/vitest/slowestFilesReporter.ts'],
    projects: [
      {
        // Files that start processes, servers or Chromium: each in a fresh process of its own. They run
        // first (the longest files), beside the others, on busy cores: hence the longer limits.
        extends: true,
        test: {
          name: 'integration',
          include: integration,
          pool: 'forks',
          isolate: true,
          testTimeout: 90_000,
          hookTimeout: 180_000,
          globalSetup: ['test/vitest/globalSetup.ts', 'packages/signer/test/browser/globalSetup.ts'],
        },
      },
      {
        // The other files share workers, and their modules, with each other: plain Node…
        extends: true,
        test: { name: 'unit', include, exclude: [...integration, ...dom], pool: 'forks', isolate: false },
      },
      {
        // …and in a DOM (happy-dom), apart, since a worker is kept only for files of its environment.
        extends: true,
        test: { name: 'unit-dom', include: dom, pool: 'forks', isolate: false },
      },
    ],
  },
})
