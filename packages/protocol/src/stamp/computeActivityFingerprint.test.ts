import { describe, expect, test } from 'vitest'
import { computeActivityFingerprint } from './computeActivityFingerprint.js'

describe('computeActivityFingerprint', () => {
  test('default', () => {
    expect(computeActivityFingerprint('abc')).toBe(
      'sha256:ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    )
  })

  test('behavior: a string and its UTF-8 bytes give the same fingerprint', () => {
    const body = '{"type":"ACTIVITY_TYPE_CREATE_WALLET","note":"é"}'
    expect(computeActivityFingerprint(new TextEncoder().encode(body))).toBe(computeActivityFingerprint(body))
  })

  test('behavior: byte-sensitive, a re-serialized body differs', () => {
    expect(computeActivityFingerprint('{"a":1,"b":2}')).not.toBe(computeActivityFingerprint('{"b":2,"a":1}'))
    expect(computeActivityFingerprint('{"a":1}')).not.toBe(computeActivityFingerprint('{"a": 1}'))
  })
})
