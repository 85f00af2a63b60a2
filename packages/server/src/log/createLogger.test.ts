import { expect, test } from 'vitest'
import { createLogger, type LogLevel } from './createLogger.js'
import { requestContext } from './requestContext.js'

const capture = (format?: 'json' | 'text', level: LogLevel = 'debug') => {
  const lines: { line: string; level: string }[] = []
  const logger = createLogger({
    level,
    format,
    write: (line, lineLevel) => lines.push({ line, level: lineLevel }),
  })
  return { logger, lines }
}

test('default: one JSON object per line with level, time (epoch ms), pid, message and fields', () => {
  const { logger, lines } = capture()
  logger.info('server listening', { url: 'http://127.0.0.1:8787', port: 8787 })
  expect(lines).toHaveLength(1)
  expect(lines[0]!.level).toBe('info')
  const parsed = JSON.parse(lines[0]!.line) as Record<string, unknown>
  expect(parsed).toMatchObject({
    level: 'info',
    pid: process.pid,
    message: 'server listening',
    url: 'http://127.0.0.1:8787',
    port: 8787,
  })
  expect(Math.abs((parsed.time as number) - Date.now())).toBeLessThan(60_000)
  expect(lines[0]!.line.startsWith('{"level":"info",')).toBe(true)
  expect(parsed).not.toHaveProperty('requestId')
})

test('behavior: every line written inside a request context carries its requestId, across awaits', async () => {
  const { logger, lines } = capture()
  await requestContext.run({ requestId: 'req-1' }, async () => {
    logger.info('before')
    await new Promise((resolve) => setTimeout(resolve, 1))
    logger.warn('after', { walletId: 'w1' })
  })
  logger.info('outside')
  expect(lines.map(({ line }) => (JSON.parse(line) as { requestId?: string }).requestId)).toEqual([
    'req-1',
    'req-1',
    undefined,
  ])
})

test('behavior: lines below the level are dropped, silent drops all', () => {
  const { logger, lines } = capture('json', 'warn')
  logger.debug('d')
  logger.info('i')
  logger.warn('w')
  logger.error('e')
  expect(lines.map((entry) => entry.level)).toEqual(['warn', 'error'])
  const silent = capture('json', 'silent')
  silent.logger.error('e')
  expect(silent.lines).toEqual([])
})

test('behavior: secret-named fields are redacted', () => {
  const { logger, lines } = capture()
  const secrets = {
    authorization: 'Bearer sk_live_abc',
    cookie: 'session=zzz',
    'x-stamp': 'stamp-value-123',
    privateKey: 'deadbeef01',
    mnemonic: 'abandon abandon about',
    credentialBundle: 'bundle-xyz',
    otpCode: '123456',
    apiKey: 'key-abc',
  }
  logger.info('careless', { ...secrets, walletId: 'w1' })
  const line = lines[0]!.line
  for (const value of Object.values(secrets)) expect(line).not.toContain(value)
  expect(JSON.parse(line)).toMatchObject({
    walletId: 'w1',
    privateKey: '[redacted]',
    'x-stamp': '[redacted]',
  })
})

test('behavior: text format is a readable line for development', () => {
  const { logger, lines } = capture('text')
  logger.warn('rpc upstream unavailable', { upstream: 'anvil 1', method: 'eth_call', skipped: undefined })
  expect(lines[0]).toEqual({
    level: 'warn',
    line: 'warn  rpc upstream unavailable upstream="anvil 1" method=eth_call',
  })
})
