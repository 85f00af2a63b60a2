import { createHash } from 'node:crypto'
import { expect, test } from 'vitest'
import { getOauthNonce } from '../index.js'

test('default: hex SHA-256 of the key hex string characters', () => {
  const key = `04${'0f'.repeat(64)}`
  expect(getOauthNonce(key)).toBe(createHash('sha256').update(key, 'utf8').digest('hex'))
})
