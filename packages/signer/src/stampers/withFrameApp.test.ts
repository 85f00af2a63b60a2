import { expect, test } from 'vitest'
import { withFrameApp } from './withFrameApp.js'

test('default: adds the app to a frame URL', () => {
  expect(withFrameApp('https://signer.example.com/frame/auth', 'app_1')).toBe(
    'https://signer.example.com/frame/auth?app=app_1',
  )
})

test('behavior: keeps other query parameters and the fragment, and escapes the id', () => {
  expect(withFrameApp('https://s.example/frame/export?theme=dark#x', 'a b')).toBe(
    'https://s.example/frame/export?theme=dark&app=a%20b#x',
  )
  expect(withFrameApp('/api/frame/auth?', 'app_1')).toBe('/api/frame/auth?app=app_1')
})

test('behavior: a URL that already names its app is kept', () => {
  expect(withFrameApp('https://s.example/frame/auth?app=mine', 'other')).toBe(
    'https://s.example/frame/auth?app=mine',
  )
  expect(withFrameApp('https://s.example/frame/auth?x=1&app=mine', 'other')).toBe(
    'https://s.example/frame/auth?x=1&app=mine',
  )
})
