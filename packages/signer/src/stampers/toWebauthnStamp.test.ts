import { expect, test } from 'vitest'
import { toWebauthnStamp } from './toWebauthnStamp.js'

test('default: plain JSON of base64url fields under X-Stamp-Webauthn', () => {
  const bytes = (...values: number[]) => new Uint8Array(values).buffer
  expect(
    toWebauthnStamp({
      id: 'cred-id',
      response: { authenticatorData: bytes(1, 2), clientDataJSON: bytes(123, 125), signature: bytes(255) },
    }),
  ).toEqual({
    stampHeaderName: 'X-Stamp-Webauthn',
    stampHeaderValue:
      '{"authenticatorData":"AQI","clientDataJson":"e30","credentialId":"cred-id","signature":"_w"}',
  })
})
