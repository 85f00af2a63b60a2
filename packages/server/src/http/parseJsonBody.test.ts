import { expect, test } from 'vitest'
import { ApiError } from './errors/ApiError.js'
import { parseJsonBody } from './parseJsonBody.js'

const refusal = (run: () => unknown) => {
  try {
    run()
  } catch (error) {
    if (!(error instanceof ApiError)) throw error
    return { status: error.status, message: error.shortMessage, errorCode: error.errorCode }
  }
  throw new Error('expected a refusal')
}

test('default: parses JSON', () => {
  expect(parseJsonBody('{"a":[1,{"b":null}]}')).toEqual({ a: [1, { b: null }] })
})

test('error: JSON nested deeper than 64 levels is a 400 JSON_TOO_DEEP', () => {
  const deep = `${'['.repeat(60_000)}${']'.repeat(60_000)}`
  expect(refusal(() => parseJsonBody(deep))).toEqual({
    status: 400,
    message: 'JSON nested deeper than 64 levels',
    errorCode: 'JSON_TOO_DEEP',
  })
})

test('error: an empty or malformed body is a 400 with the caller’s code and message', () => {
  expect(refusal(() => parseJsonBody(''))).toMatchObject({ status: 400, errorCode: 'REQUEST_INVALID' })
  expect(
    refusal(() =>
      parseJsonBody('{"a":', {
        errorCode: 'INVALID_REQUEST',
        malformedMessage: 'stampedRequest.body is not JSON',
      }),
    ),
  ).toEqual({ status: 400, message: 'stampedRequest.body is not JSON', errorCode: 'INVALID_REQUEST' })
})
