import { spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { expect, test } from 'vitest'
import { createLineBuffer } from './createLineBuffer.js'

const nextTurn = () => new Promise((resolve) => setImmediate(resolve))

test('default: the lines of one turn go out in one write, after the turn', async () => {
  const writes: string[] = []
  const lines = createLineBuffer({ write: (chunk: string) => writes.push(chunk) })
  lines.push('a')
  lines.push('b')
  expect(writes).toEqual([])
  await nextTurn()
  expect(writes).toEqual(['a\nb\n'])
  lines.push('c')
  await nextTurn()
  expect(writes).toEqual(['a\nb\n', 'c\n'])
})

test('behavior: flush writes at once, and nothing is written twice', async () => {
  const writes: string[] = []
  const lines = createLineBuffer({ write: (chunk: string) => writes.push(chunk) })
  lines.push('a')
  lines.flush()
  expect(writes).toEqual(['a\n'])
  await nextTurn()
  lines.flush()
  expect(writes).toEqual(['a\n'])
})

test('behavior: a server process that exits right after logging still writes every line', () => {
  const logger = fileURLToPath(new URL('./createLogger.ts', import.meta.url))
  const script = `
    import { createLogger } from ${JSON.stringify(logger)}
    const log = createLogger({ level: 'info' })
    log.info('first')
    log.error('failed', { code: 'E1' })
    log.info('stopped')
    process.exit(0)
  `
  const child = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    encoding: 'utf8',
  })
  expect(child.status).toBe(0)
  const messages = (text: string) =>
    text
      .trim()
      .split('\n')
      .map((line) => (JSON.parse(line) as { message: string }).message)
  expect(messages(child.stdout)).toEqual(['first', 'stopped'])
  expect(messages(child.stderr)).toEqual(['failed'])
})
