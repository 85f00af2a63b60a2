import { computeActivityFingerprint } from '@sigil/protocol'
import { expect, test } from 'vitest'
import { fingerprintBody } from './fingerprintBody.js'

test('default: the fingerprint of the example body', () => {
  expect(fingerprintBody('{}')).toBe(
    'sha256:44136fa355b3678a1146ad16f7e8649e94fb4fc21fe77e8310c060f61caaff8a',
  )
})

test.each([
  ['empty', ''],
  [
    'ASCII JSON',
    JSON.stringify({ type: 'ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2', parameters: { payload: 'ab'.repeat(32) } }),
  ],
  ['non-ASCII', JSON.stringify({ walletName: 'Épargne 💰 貯金' })],
  ['a lone surrogate', '{"a":"\ud800"}'],
])('behavior: equals computeActivityFingerprint (%s)', (_, body) => {
  expect(fingerprintBody(body)).toBe(computeActivityFingerprint(body))
})
