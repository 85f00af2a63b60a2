import { concat, type Hex } from 'viem'
import { expect, test } from 'vitest'
import { toLightAccount } from '../accounts/toLightAccount.js'
import { toModularAccountV2 } from '../accounts/toModularAccountV2.js'
import { defaultAddresses } from '../constants/defaultAddresses.js'
import { createStubClient } from '../test/createStubClient.js'
import { owner } from '../test/owners.js'
import { signAuthorizationIfNeeded } from './signAuthorizationIfNeeded.js'

const implementation = defaultAddresses.modularAccountV2.semiModularAccount7702

async function authorizationWithCode(code: Hex) {
  const client = createStubClient({ code, methods: { eth_getTransactionCount: () => '0x9' } })
  const account = await toModularAccountV2({ client, owner, mode: '7702' })
  return signAuthorizationIfNeeded(client, account)
}

test('default: an EOA without code gets an authorization to the 7702 implementation at its nonce', async () => {
  expect(await authorizationWithCode('0x')).toMatchObject({
    address: implementation,
    chainId: 31337,
    nonce: 9,
  })
})

test('behavior: none once the EOA delegates to the implementation; a new one when it delegates elsewhere', async () => {
  expect(await authorizationWithCode(concat(['0xef0100', implementation]))).toBeUndefined()
  expect(
    await authorizationWithCode(concat(['0xef0100', '0x000000000000000000000000000000000000bEEF'])),
  ).toMatchObject({ address: implementation })
})

test('behavior: accounts without 7702 need none', async () => {
  const client = createStubClient()
  const account = await toLightAccount({ client, owner, accountAddress: owner.address })
  expect(await signAuthorizationIfNeeded(client, account)).toBeUndefined()
  expect(client.requests).toEqual([])
})
