import { describe, expect, test } from 'vitest'
import { BaseError } from './BaseError.js'
import { InvalidBundleError } from './InvalidBundleError.js'

describe('InvalidBundleError', () => {
  test('default', () => {
    const cause = new Error('inner')
    const error = new InvalidBundleError('short message', { details: 'more', cause })
    expect(error).toBeInstanceOf(BaseError)
    expect(error.name).toBe('InvalidBundleError')
    expect(error.shortMessage).toBe('short message')
    expect(error.details).toBe('more')
    expect(error.cause).toBe(cause)
    expect(error.message).toMatchInlineSnapshot(`
      "short message

      Details: more"
    `)
  })
})
