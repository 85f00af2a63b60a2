import { describe, expect, test } from 'vitest'
import { isForwardedMethod } from './isForwardedMethod.js'

describe('isForwardedMethod', () => {
  test('default: eth_, net_ and web3_ reads are forwarded', () => {
    for (const method of [
      'eth_call',
      'eth_getBalance',
      'eth_blockNumber',
      'net_version',
      'web3_clientVersion',
    ])
      expect(isForwardedMethod(method)).toBe(true)
  })

  test('error: methods that act with an account, wallet_ methods and others are not', () => {
    for (const method of [
      'eth_sign',
      'eth_signTransaction',
      'eth_signTypedData_v3',
      'wallet_foo',
      'anvil_mine',
      'eth_',
    ])
      expect(isForwardedMethod(method)).toBe(false)
  })
})
