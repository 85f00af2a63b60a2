import { privateKeyToAccount } from 'viem/accounts'
import { expect, test } from 'vitest'
import { anvilAccounts } from './anvilAccounts.js'

test('default', () => {
  expect(anvilAccounts).toHaveLength(10)
  for (const { address, privateKey } of anvilAccounts)
    expect(privateKeyToAccount(privateKey).address).toBe(address)
})
