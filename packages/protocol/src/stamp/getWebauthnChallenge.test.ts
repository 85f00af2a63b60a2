import { describe, expect, test } from 'vitest'
import { getWebauthnChallenge } from './getWebauthnChallenge.js'

/**
 * The example body of Turnkey's stamps documentation (`api-reference/overview/stamps.mdx`). The docs
 * challenge `7e8b…2147` is the hash of the body as first published, without the final `}`; later
 * versions of the page added the brace but kept the hash.
 */
const docsBody =
  '{"organization_id": "1234", "type": "ACTIVITY_TYPE_CREATE_API_KEYS", "params": {"for": "example"}'

describe('getWebauthnChallenge', () => {
  test('default', () => {
    expect(getWebauthnChallenge(docsBody)).toBe(
      '7e8b4653fc7e51dc119cea031942f4693b4742ceca4dda269b925802b38b2147',
    )
  })

  test('behavior: a string and its UTF-8 bytes give the same challenge', () => {
    expect(getWebauthnChallenge(new TextEncoder().encode(docsBody))).toBe(getWebauthnChallenge(docsBody))
  })
})
