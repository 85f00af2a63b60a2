import { createServer, type Server } from 'node:http'
import { type AddressInfo, connect } from 'node:net'
import { afterEach, expect, test } from 'vitest'
import { createLogger } from '../log/createLogger.js'
import { stopGracefully } from './stopGracefully.js'
import { whenConnectionsEnd } from './whenConnectionsEnd.js'

/*
 * Regression: on SIGTERM under load (`start --workers 2` on PostgreSQL, startWorkers.test.ts) a request whose
 * headers were still arriving when the listener closed was not yet counted in flight, so the store was
 * closed under it and it was answered 500 `WriteBatcherClosedError`. The signal is emitted on `process`
 * under a name the test runner does not use; `exit` records the code.
 */

const signal = 'SIGUSR2'
let server: Server | undefined
afterEach(() => {
  process.removeAllListeners(signal)
  server?.closeAllConnections()
  server?.close()
})

test('default: a request half-sent when the signal comes is answered before the app closes', async () => {
  const events: string[] = []
  let appClosed = false
  server = createServer((_request, response) => {
    events.push(appClosed ? 'request after close' : 'request')
    response.end('done')
  })
  const connectionsEnded = whenConnectionsEnd(server)
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  const exited = new Promise<number>((resolve) =>
    stopGracefully({
      server: server!,
      logger: createLogger({ level: 'silent' }),
      signals: [signal],
      close: async () => {
        await connectionsEnded()
        appClosed = true
        events.push('close')
      },
      exit: (code) => resolve(code),
    }),
  )
  const socket = connect(port, '127.0.0.1')
  let answer = ''
  socket.setEncoding('utf8')
  socket.on('data', (chunk: string) => {
    answer += chunk
  })
  const ended = new Promise<void>((resolve) => socket.once('close', () => resolve()))
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()))
  socket.write('GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n')
  await new Promise((resolve) => setTimeout(resolve, 50))
  process.emit(signal, signal)
  await new Promise((resolve) => setTimeout(resolve, 100))
  socket.write('Connection: close\r\n\r\n')
  expect(await exited).toBe(0)
  await ended
  expect(answer).toMatch(/^HTTP\/1\.1 200 OK/)
  expect(answer).toMatch(/done$/)
  expect(events).toEqual(['request', 'close'])
})
