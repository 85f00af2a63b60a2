import { describe, expect, test } from 'vitest'
import { base64urlDecode } from '../encoding/base64urlDecode.js'
import { getWebauthnExpectedChallenge } from './getWebauthnExpectedChallenge.js'

/** Turnkey's docs example body, as hashed in the docs (without the final `}`). */
const docsBody =
  '{"organization_id": "1234", "type": "ACTIVITY_TYPE_CREATE_API_KEYS", "params": {"for": "example"}'

describe('getWebauthnExpectedChallenge', () => {
  test('default', () => {
    expect(getWebauthnExpectedChallenge(docsBody)).toBe(
      'N2U4YjQ2NTNmYzdlNTFkYzExOWNlYTAzMTk0MmY0NjkzYjQ3NDJjZWNhNGRkYTI2OWI5MjU4MDJiMzhiMjE0Nw',
    )
  })

  test('behavior: base64url (86 chars, no padding) of the 64 ASCII hex bytes', () => {
    const challenge = getWebauthnExpectedChallenge(docsBody)
    expect(challenge).toHaveLength(86)
    expect(new TextDecoder().decode(base64urlDecode(challenge))).toBe(
      '7e8b4653fc7e51dc119cea031942f4693b4742ceca4dda269b925802b38b2147',
    )
  })
})
