import { expect, test } from 'vitest'
import { isLoopbackHost } from './isLoopbackHost.js'

test('default: localhost, 127.0.0.1 and [::1] with any port or none', () => {
  for (const host of ['localhost', 'LOCALHOST:8787', '127.0.0.1', '127.0.0.1:5173', '[::1]', '[::1]:8787'])
    expect(isLoopbackHost(host)).toBe(true)
})

test('error: any other name, including ones that merely start or end like a loopback name', () => {
  for (const host of [
    'evil.example',
    'evil.example:8787',
    'localhost.evil.example',
    'evil.localhost',
    '127.0.0.1.nip.io',
    '10.0.0.1',
    '0.0.0.0:8787',
    '::1',
    '',
  ])
    expect(isLoopbackHost(host)).toBe(false)
})
