import { describe, expect, test } from 'vitest'
import { bytesToHex } from './bytesToHex.js'

describe('bytesToHex', () => {
  test('default', () => {
    expect(bytesToHex(new Uint8Array([0, 1, 171, 255]))).toBe('0001abff')
  })

  test('behavior: empty input gives an empty string', () => {
    expect(bytesToHex(new Uint8Array())).toBe('')
  })
})
