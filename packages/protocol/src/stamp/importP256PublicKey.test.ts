import { p256 } from '@noble/curves/nist.js'
import { describe, expect, test } from 'vitest'
import { bytesToHex } from '../encoding/bytesToHex.js'
import { hexToBytes } from '../encoding/hexToBytes.js'
import { InvalidStampError } from '../errors/InvalidStampError.js'
import { importP256PublicKey } from './importP256PublicKey.js'
import { turnkeyApiKeyStampVectors } from './stamp.vectors.js'

describe('importP256PublicKey', () => {
  test('default', async () => {
    const key = await importP256PublicKey(turnkeyApiKeyStampVectors.publicKey)
    expect(key.type).toBe('public')
    expect(key.algorithm).toEqual({ name: 'ECDSA', namedCurve: 'P-256' })
    expect(key.usages).toEqual(['verify'])
    const raw = new Uint8Array(await crypto.subtle.exportKey('raw', key))
    expect(bytesToHex(p256.Point.fromBytes(raw).toBytes(true))).toBe(turnkeyApiKeyStampVectors.publicKey)
  })

  test('behavior: accepts an uncompressed key', async () => {
    const uncompressed = bytesToHex(
      p256.getPublicKey(hexToBytes(turnkeyApiKeyStampVectors.privateKey), false),
    )
    const key = await importP256PublicKey(uncompressed)
    expect(bytesToHex(new Uint8Array(await crypto.subtle.exportKey('raw', key)))).toBe(uncompressed)
  })

  test('error: not a point on the curve', async () => {
    await expect(importP256PublicKey(`02${'ff'.repeat(32)}`)).rejects.toThrow(InvalidStampError)
    await expect(importP256PublicKey(`02${'00'.repeat(31)}01`)).rejects.toThrow(InvalidStampError)
    await expect(importP256PublicKey('02abcd')).rejects.toThrow(InvalidStampError)
    await expect(importP256PublicKey('not hex')).rejects.toThrow(InvalidStampError)
  })
})
