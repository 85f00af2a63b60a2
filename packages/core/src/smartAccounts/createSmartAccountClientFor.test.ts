import { defineSigilChain } from '@sigil/accounts'
import { privateKeyToAccount } from 'viem/accounts'
import { expect, test } from 'vitest'
import { sigilDevnet } from '../chains/sigilDevnet.js'
import { createConfig } from '../createConfig.js'
import type { Connection } from '../store/CoreState.js'
import { createSmartAccountClientFor } from './createSmartAccountClientFor.js'

/** Which URL a smart-account client talks to (no request is made: the account address is given). */

const owner = privateKeyToAccount('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d')
const accountAddress = '0x00000000000000000000000000000000000000a1'
const config = createConfig({
  connection: { rpcUrl: 'https://sigil.example.com/', apiKey: 'sigil_key' },
  chain: sigilDevnet,
})

const transportOf = async (connection: Partial<Connection>) => {
  const client = await createSmartAccountClientFor(config, {
    type: 'LightAccount',
    accountParams: { accountAddress },
    owner,
    connection: {
      chain: sigilDevnet,
      rpcUrl: undefined,
      transport: undefined,
      policyId: undefined,
      ...connection,
    },
    pollingInterval: undefined,
    clientOptions: undefined,
  })
  expect(client.account.address).toBe(accountAddress)
  return client.transport as { url?: string; fetchOptions?: { headers?: Headers } }
}
const urlOf = async (connection: Partial<Connection>) => (await transportOf(connection)).url
const authorizationOf = async (connection: Partial<Connection>) =>
  (await transportOf(connection)).fetchOptions?.headers?.get('authorization')

test('default: the Sigil server’s gateway for the chain, with the app key', async () => {
  expect(await urlOf({})).toBe('https://sigil.example.com/rpc/31337')
  expect(await authorizationOf({})).toBe('Bearer sigil_key')
})

test('behavior: the connection’s rpcUrl, else the gateway URL the chain carries', async () => {
  expect(await urlOf({ rpcUrl: 'https://gateway.example.com/rpc/31337' })).toBe(
    'https://gateway.example.com/rpc/31337',
  )
  // The app key goes to the Sigil server only.
  expect(await authorizationOf({ rpcUrl: 'https://gateway.example.com/rpc/31337' })).toBeNull()
  expect(await authorizationOf({ rpcUrl: 'https://sigil.example.com/rpc/31337' })).toBe('Bearer sigil_key')
  const chain = defineSigilChain({ chain: sigilDevnet, serverUrl: 'https://other.example.com' })
  expect(await urlOf({ chain })).toBe('https://other.example.com/rpc/31337')
})

test('error: an rpcUrl that is no URL', async () => {
  await expect(urlOf({ rpcUrl: 'not a url' })).rejects.toThrowError('Invalid RPC URL')
})
