import { expect, test } from 'vitest'
import { embeddedKeyName } from './embeddedKeyName.js'
import { readFrameApp } from './readFrameApp.js'

test('default: a key is named by its kind, its app and the exact origin of the embedding page', () => {
  expect(embeddedKeyName('auth', { app: 'app_a', origin: 'https://app-a.example.com' })).toBe(
    '["auth","app_a","https://app-a.example.com"]',
  )
})

test('error: attack 6 — two apps, two origins of one site, or the two frames never share a name', () => {
  const names = [
    embeddedKeyName('auth', { app: 'app_a', origin: 'https://app-a.example.com' }),
    embeddedKeyName('auth', { app: 'app_b', origin: 'https://app-b.example.com' }),
    embeddedKeyName('auth', { app: 'app_a', origin: 'https://app-b.example.com' }),
    embeddedKeyName('auth', { app: 'app_b', origin: 'https://app-a.example.com' }),
    embeddedKeyName('auth', { app: 'app_a', origin: 'http://localhost:3000' }),
    embeddedKeyName('auth', { app: 'app_a', origin: 'http://localhost:3001' }),
    embeddedKeyName('export', { app: 'app_a', origin: 'https://app-a.example.com' }),
    // Separators inside an app id cannot make two owners collide.
    embeddedKeyName('auth', { app: 'a","b', origin: 'https://x.example' }),
    embeddedKeyName('auth', { app: 'a', origin: 'b","https://x.example' }),
    // Nor meet the names keys had before (legacy entries).
    'auth',
    'export',
  ]
  expect(new Set(names).size).toBe(names.length)
})

test('behavior: the app is the first `app` query parameter of the frame URL, as the server reads it', () => {
  expect(readFrameApp({ search: '?app=app_a' })).toBe('app_a')
  expect(readFrameApp({ search: '?app=app_a&app=app_b' })).toBe('app_a')
  expect(readFrameApp({ search: '?theme=dark&app=a%20b' })).toBe('a b')
  expect(readFrameApp({ search: '' })).toBe('')
})
