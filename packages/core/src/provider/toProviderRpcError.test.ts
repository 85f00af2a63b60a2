import { NotAuthenticatedError } from '@sigil/signer'
import { InvalidParamsRpcError, RpcRequestError, UserRejectedRequestError } from 'viem'
import { UserOperationExecutionError } from 'viem/account-abstraction'
import { describe, expect, test } from 'vitest'
import { ClientOnlyPropertyError } from '../errors/ClientOnlyPropertyError.js'
import { toProviderRpcError } from './toProviderRpcError.js'

describe('toProviderRpcError', () => {
  test('default: a viem RpcError is kept as it is', () => {
    const rejected = new UserRejectedRequestError(new Error('no'))
    expect(toProviderRpcError(rejected)).toBe(rejected)
    const invalid = new InvalidParamsRpcError(new Error('bad'))
    expect(toProviderRpcError(invalid)).toBe(invalid)
  })

  test('behavior: signed out is 4100, no signer 4900; a JSON-RPC code in the cause chain is kept with its message', () => {
    expect(toProviderRpcError(new NotAuthenticatedError())).toMatchObject({ code: 4100 })
    expect(toProviderRpcError(new ClientOnlyPropertyError('signer'))).toMatchObject({ code: 4900 })
    const gateway = new RpcRequestError({
      body: {},
      url: 'http://gateway',
      error: { code: -32602, message: 'policy pol_1 refuses: spend limit 10 reached' },
    })
    const wrapped = new UserOperationExecutionError(gateway as never, {} as never)
    const mapped = toProviderRpcError(wrapped)
    expect(mapped.code).toBe(-32602)
    expect(mapped.message).toContain('spend limit 10 reached')
    expect(toProviderRpcError(Object.assign(new Error('node says no'), { code: -32000 }))).toMatchObject({
      code: -32000,
      shortMessage: 'node says no',
    })
  })

  test('error: anything else is -32603 with the original message in details', () => {
    expect(toProviderRpcError(new Error('boom'))).toMatchObject({ code: -32603, details: 'boom' })
    expect(toProviderRpcError('text')).toMatchObject({ code: -32603, details: 'text' })
  })
})
