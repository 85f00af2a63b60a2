import { getContractAddress } from 'viem'
import { expect, test } from 'vitest'
import { anvilAccounts } from './anvilAccounts.js'
import { getCreateAddress } from './getCreateAddress.js'

test('default', () => {
  expect(getCreateAddress('0x5FF137D4b0FDCD49DcA30c7CF57E578a026d2789', 1)).toBe(
    '0x7fc98430eaedbb6070b35b39d798725049088348',
  )
})

test('behavior: equal to viem getContractAddress for nonces 1-127', () => {
  for (const { address } of anvilAccounts)
    for (const nonce of [1, 2, 55, 127])
      expect(getCreateAddress(address, nonce)).toBe(
        getContractAddress({ from: address, nonce: BigInt(nonce) }).toLowerCase(),
      )
})

test('error: nonces outside 1-127', () => {
  expect(() => getCreateAddress(anvilAccounts[0].address, 0)).toThrow('nonce 0 is not 1-127')
  expect(() => getCreateAddress(anvilAccounts[0].address, 128)).toThrow('nonce 128 is not 1-127')
})
