import { execFileSync, spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { expect, test } from 'vitest'
import { spawnGuarded } from './spawnGuarded.js'
import { stopProcess } from './stopProcess.js'

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

/** The pid of the `sleep <seconds>` whose parent is `guardPid`, once it runs. */
async function sleeperOf(guardPid: number, seconds: string): Promise<number> {
  for (let tries = 0; tries < 200; tries++) {
    const out = execFileSync('ps', ['-o', 'pid=,args=', '--ppid', String(guardPid)], { encoding: 'utf8' })
    const line = out.split('\n').find((row) => row.trim().endsWith(`sleep ${seconds}`))
    if (line) return Number.parseInt(line.trim(), 10)
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
  throw new Error('the guarded command did not start')
}

async function waitUntilGone(pid: number): Promise<boolean> {
  for (let tries = 0; tries < 200; tries++) {
    if (!isRunning(pid)) return true
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
  return false
}

test('default', async () => {
  const child = spawnGuarded('sleep', ['301'])
  const sleeper = await sleeperOf(child.pid as number, '301')
  await stopProcess(child)
  expect(await waitUntilGone(sleeper)).toBe(true)
})

test('behavior: the command dies with its parent, even a SIGKILLed one', async () => {
  // A parent process that guards `sleep 302`, prints the guard's pid and waits forever; then SIGKILL for it.
  const script = fileURLToPath(new URL('./spawnGuarded.ts', import.meta.url))
  const parent = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      '--input-type=module',
      '-e',
      `const { spawnGuarded } = await import(${JSON.stringify(script)}); const c = spawnGuarded('sleep', ['302']); console.log(c.pid); setInterval(() => {}, 1000)`,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  )
  const guardPid = await new Promise<number>((resolve) =>
    parent.stdout.once('data', (chunk) => resolve(Number(`${chunk}`.trim()))),
  )
  const sleeper = await sleeperOf(guardPid, '302')
  parent.kill('SIGKILL')
  expect(await waitUntilGone(sleeper)).toBe(true)
  expect(await waitUntilGone(guardPid)).toBe(true)
})
