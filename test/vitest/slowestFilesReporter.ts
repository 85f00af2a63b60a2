import { writeFileSync } from 'node:fs'
import type { Reporter, TestModule } from 'vitest/node'

/** How many files the summary lists. */
const shown = 15

/**
 * A Vitest reporter that ends the run with its slowest test files: each file's wall time in its worker
 * (environment, import and every test and hook), split into import and tests, and the worker count, so a
 * developer sees where the suite's time goes (docs/testing.md). With `SIGIL_TEST_TIMINGS=<file>` it also writes
 * every file's figures there as JSON.
 *
 * @example
 * // vitest.config.ts
 * reporters: ['default', './test/vitest/slowestFilesReporter.ts']
 */
export default class SlowestFilesReporter implements Reporter {
  private startedAt = 0

  onTestRunStart(): void {
    this.startedAt = performance.now()
  }

  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const wall = (performance.now() - this.startedAt) / 1000
    const files = testModules.map((module) => {
      const diagnostic = module.diagnostic()
      const setup =
        diagnostic.environmentSetupDuration + diagnostic.prepareDuration + diagnostic.setupDuration
      return {
        file: module.relativeModuleId,
        imported: diagnostic.collectDuration / 1000,
        tests: diagnostic.duration / 1000,
        total: (setup + diagnostic.collectDuration + diagnostic.duration) / 1000,
      }
    })
    if (files.length === 0) return
    if (process.env.SIGIL_TEST_TIMINGS)
      writeFileSync(process.env.SIGIL_TEST_TIMINGS, `${JSON.stringify({ wall, files }, null, 1)}\n`)
    const summed = files.reduce((sum, file) => sum + file.total, 0)
    const lines = files
      .sort((a, b) => b.total - a.total)
      .slice(0, shown)
      .map(
        ({ file, imported, tests, total }) =>
          `  ${total.toFixed(1).padStart(7)} s  (import ${imported.toFixed(1).padStart(5)} s, tests ${tests
            .toFixed(1)
            .padStart(6)} s)  ${file}`,
      )
    process.stdout.write(
      `\nSlowest ${Math.min(shown, files.length)} of ${files.length} test files (wall ${wall.toFixed(0)} s, ` +
        `files summed ${summed.toFixed(0)} s):\n${lines.join('\n')}\n`,
    )
  }
}
