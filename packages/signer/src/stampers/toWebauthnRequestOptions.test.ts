import { base64urlEncode } from '@sigil/protocol'
import { expect, test } from 'vitest'
import { toWebauthnRequestOptions } from './toWebauthnRequestOptions.js'

const body =
  '{"organization_id": "1234", "type": "ACTIVITY_TYPE_CREATE_API_KEYS", "params": {"for": "example"}'

test('default: the challenge is the UTF-8 of hex(sha256(body)); no allowCredentials', () => {
  const { publicKey } = toWebauthnRequestOptions({ body, rpId: 'example.com' })
  expect(new TextDecoder().decode(publicKey!.challenge as Uint8Array)).toBe(
    '7e8b4653fc7e51dc119cea031942f4693b4742ceca4dda269b925802b38b2147',
  )
  expect(publicKey).toMatchObject({ rpId: 'example.com', timeout: 300000, userVerification: 'preferred' })
  expect(publicKey!.allowCredentials).toBeUndefined()
})

test('behavior: a known credential is the only one allowed', () => {
  const id = new Uint8Array([1, 2, 3, 250])
  const { publicKey } = toWebauthnRequestOptions({
    body,
    rpId: 'example.com',
    credentialId: base64urlEncode(id),
  })
  expect(publicKey!.allowCredentials).toEqual([
    { id, type: 'public-key', transports: ['internal', 'hybrid'] },
  ])
})
