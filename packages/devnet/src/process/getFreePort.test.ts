import { createServer } from 'node:net'
import { expect, test } from 'vitest'
import { getFreePort } from './getFreePort.js'

test('default: a port below the kernel ephemeral range that a listener on 127.0.0.1 can take', async () => {
  const port = await getFreePort()
  expect(port).toBeGreaterThanOrEqual(10_000)
  expect(port).toBeLessThan(32_768)
  const server = createServer()
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, '127.0.0.1', resolve)
  })
  await new Promise<void>((resolve) => server.close(() => resolve()))
})

test('behavior: never the same port twice, all from this worker slice, skipping a port in use', async () => {
  const first = await getFreePort()
  // Occupy the port that comes next, as another process would.
  const busy = createServer()
  await new Promise<void>((resolve) => busy.listen(first + 1, '127.0.0.1', resolve))
  try {
    const ports = [first]
    for (let count = 0; count < 40; count++) ports.push(await getFreePort())
    expect(new Set(ports).size).toBe(ports.length)
    expect(ports).not.toContain(first + 1)
    const slice = Math.floor((32_767 - 10_000 + 1) / 16)
    expect(Math.max(...ports) - Math.min(...ports)).toBeLessThan(slice)
  } finally {
    await new Promise<void>((resolve) => busy.close(() => resolve()))
  }
})
