import { describe, expect, test } from 'vitest'
import { BaseError } from './BaseError.js'
import { InvalidEncodingError } from './InvalidEncodingError.js'

describe('InvalidEncodingError', () => {
  test('default', () => {
    const cause = new Error('inner')
    const error = new InvalidEncodingError('short message', { details: 'more', cause })
    expect(error).toBeInstanceOf(BaseError)
    expect(error.name).toBe('InvalidEncodingError')
    expect(error.shortMessage).toBe('short message')
    expect(error.details).toBe('more')
    expect(error.cause).toBe(cause)
    expect(error.message).toMatchInlineSnapshot(`
      "short message

      Details: more"
    `)
  })
})
