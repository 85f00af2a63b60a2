import { mkdir, readFile, stat, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { hashInputs } from './hashInputs.js'

export type BuildStep = {
  /** What the step builds, as printed ('the demo'). */
  name: string
  /** Files and folders (relative to the root) whose content the output depends on. */
  inputs: string[]
  /** Files (relative to the root) the step must leave behind: the step runs again when one is missing. */
  outputs: string[]
  /** Where the hash of the inputs of the last build is kept (relative to the root), next to the output. */
  hashFile: string
  /** Steps (by name) that must be built or found up to date first. */
  after?: string[] | undefined
  run(): Promise<void>
}

export type RunBuildStepsParameters = {
  /** The folder the steps' paths are relative to (the repository). */
  root: string
  steps: BuildStep[]
  /** Build every step, whatever its hash says (`npm start -- --rebuild`). */
  rebuild?: boolean | undefined
  /** Prints one line (default `console.log`). */
  log?: ((line: string) => void) | undefined
  /** How often a running step says it is still working, in ms (default 5000). */
  progressEvery?: number | undefined
}

export type BuildStepResult = { name: string; built: boolean; seconds: number }

/**
 * Runs the build steps that need it, at once unless a step waits for another (`after`), and prints
 * one line per step as it finishes: `built in 4.2 s`, or `up to date` when the hash of its inputs is
 * the one stored by its last build (`hashFile`) and its outputs exist. A running step prints that it
 * is still working every `progressEvery` ms. The hash is stored only once the step has succeeded; a
 * failure stops the run with the step's name.
 *
 * @example
 * await runBuildSteps({ root, steps: [{ name: 'the demo', inputs: ['apps/demo/src'], outputs: ['apps/demo/dist/index.html'], hashFile: 'apps/demo/dist/.inputs-hash', run }] })
 */
export async function runBuildSteps(parameters: RunBuildStepsParameters): Promise<BuildStepResult[]> {
  const { root, steps, rebuild = false, log = console.log, progressEvery = 5_000 } = parameters
  const width = Math.max(...steps.map((step) => step.name.length))
  const label = (step: BuildStep) => `  ${step.name.padEnd(width)}  `
  const running = new Map<string, Promise<BuildStepResult>>()

  const runStep = async (step: BuildStep): Promise<BuildStepResult> => {
    await Promise.all((step.after ?? []).map((name) => running.get(name)))
    const started = performance.now()
    const seconds = () => (performance.now() - started) / 1000
    const hash = await hashInputs(root, step.inputs)
    const hashFile = join(root, step.hashFile)
    if (!rebuild && (await isUpToDate(root, step, hashFile, hash))) {
      log(`${label(step)}up to date`)
      return { name: step.name, built: false, seconds: seconds() }
    }
    const timer = setInterval(
      () => log(`${label(step)}still building (${Math.round(seconds())} s)…`),
      progressEvery,
    )
    try {
      await step.run()
    } catch (error) {
      log(`${label(step)}failed after ${seconds().toFixed(1)} s`)
      throw new Error(`building ${step.name} failed: ${error instanceof Error ? error.message : error}`)
    } finally {
      clearInterval(timer)
    }
    await mkdir(dirname(hashFile), { recursive: true })
    await writeFile(hashFile, `${hash}\n`)
    log(`${label(step)}built in ${seconds().toFixed(1)} s`)
    return { name: step.name, built: true, seconds: seconds() }
  }

  for (const step of steps) running.set(step.name, runStep(step))
  const results = await Promise.allSettled(running.values())
  const failed = results.find((result) => result.status === 'rejected')
  if (failed) throw failed.reason
  return results.map((result) => (result as PromiseFulfilledResult<BuildStepResult>).value)
}

async function isUpToDate(root: string, step: BuildStep, hashFile: string, hash: string): Promise<boolean> {
  const stored = await readFile(hashFile, 'utf8').catch(() => '')
  if (stored.trim() !== hash) return false
  const outputs = await Promise.all(
    step.outputs.map((output) => stat(join(root, output)).catch(() => undefined)),
  )
  return outputs.every(Boolean)
}
