import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, expect, test } from 'vitest'
import { createLogger } from '../log/createLogger.js'
import { stopGracefully } from './stopGracefully.js'

/*
 * stopGracefully on a real listener; the signal is emitted on `process` (a name the test runner does not
 * use) so the test process itself keeps running, and `exit` records the code instead of exiting.
 */

const signal = 'SIGUSR2'
let server: Server | undefined
afterEach(() => {
  process.removeAllListeners(signal)
  server?.closeAllConnections()
  server?.close()
})

const listen = async (handler: Parameters<typeof createServer>[1]) => {
  server = createServer(handler)
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve))
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}

test('default: a request in flight is answered, then close runs, then exit 0; new connections are refused', async () => {
  let release: (() => void) | undefined
  const events: string[] = []
  const url = await listen((_request, response) => {
    release = () => response.end('done', () => events.push('answered'))
  })
  const exited = new Promise<number>((resolve) =>
    stopGracefully({
      server: server!,
      logger: createLogger({ level: 'silent' }),
      signals: [signal],
      close: async () => void events.push('close'),
      exit: (code) => resolve(code),
    }),
  )
  const inFlight = fetch(url).then((response) => response.text())
  while (!release) await new Promise((resolve) => setTimeout(resolve, 5))
  process.emit(signal, signal)
  await expect(fetch(url)).rejects.toThrow()
  expect(events).toEqual([])
  release()
  expect(await inFlight).toBe('done')
  expect(await exited).toBe(0)
  expect(events).toEqual(['answered', 'close'])
})

test('error: a request that never ends makes it exit 1 after the timeout', async () => {
  const url = await listen(() => {})
  let closed = false
  const lines: string[] = []
  const exited = new Promise<number>((resolve) =>
    stopGracefully({
      server: server!,
      logger: createLogger({ write: (line) => lines.push(line) }),
      signals: [signal],
      timeoutMs: 300,
      close: async () => {
        closed = true
      },
      exit: (code) => resolve(code),
    }),
  )
  const stuck = fetch(url).catch(() => undefined)
  await new Promise((resolve) => setTimeout(resolve, 50))
  process.emit(signal, signal)
  expect(await exited).toBe(1)
  expect(closed).toBe(false)
  expect(lines.map((line) => JSON.parse(line).message)).toEqual([
    'shutting down',
    'shutdown took too long, exiting',
  ])
  server!.closeAllConnections()
  await stuck
})

test('behavior: the stop it returns, for a cause that is not a signal, answers what is in flight and logs the reason', async () => {
  let release: (() => void) | undefined
  const lines: string[] = []
  const url = await listen((_request, response) => {
    release = () => response.end('done')
  })
  let stop: ((reason: string) => Promise<void>) | undefined
  const exited = new Promise<number>((resolve) => {
    stop = stopGracefully({
      server: server!,
      logger: createLogger({ write: (line) => lines.push(line) }),
      signals: [signal],
      close: async () => {},
      exit: (code) => resolve(code),
    })
  })
  const inFlight = fetch(url).then((response) => response.text())
  while (!release) await new Promise((resolve) => setTimeout(resolve, 5))
  void stop!('primary gone')
  release()
  expect(await inFlight).toBe('done')
  expect(await exited).toBe(0)
  expect(lines.map((line) => JSON.parse(line))).toEqual([
    expect.objectContaining({ message: 'shutting down', reason: 'primary gone', inFlight: 1 }),
    expect.objectContaining({ message: 'stopped' }),
  ])
})
