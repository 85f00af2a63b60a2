import { baseSepolia } from 'viem/chains'
import { expect, test } from 'vitest'
import { defineSigilChain } from './defineSigilChain.js'
import { getGatewayUrl } from './getGatewayUrl.js'
import { getSigilRpcUrl } from './getSigilRpcUrl.js'

test('default: the gateway URL <server>/rpc/<chainId> at rpcUrls.sigil.http[0]', () => {
  const chain = defineSigilChain({ chain: baseSepolia, serverUrl: 'https://sigil.example.com/' })
  expect(chain.rpcUrls.sigil.http[0]).toBe('https://sigil.example.com/rpc/84532')
  expect(chain.rpcUrls.default).toEqual(baseSepolia.rpcUrls.default)
  expect(chain.id).toBe(84532)
  expect(getSigilRpcUrl(chain)).toBe('https://sigil.example.com/rpc/84532')
})

test('behavior: a full gateway URL is kept as it is', () => {
  const chain = defineSigilChain({ chain: baseSepolia, rpcUrl: 'http://127.0.0.1:8787/rpc/84532/app-key' })
  expect(getSigilRpcUrl(chain)).toBe('http://127.0.0.1:8787/rpc/84532/app-key')
  expect(getGatewayUrl({ serverUrl: 'http://localhost:8787', chainId: 1 })).toBe(
    'http://localhost:8787/rpc/1',
  )
})

test('error: Invalid RPC URL', () => {
  expect(() => defineSigilChain({ chain: baseSepolia, serverUrl: 'not a url' })).toThrow('Invalid RPC URL')
  expect(() => defineSigilChain({ chain: baseSepolia, rpcUrl: 'ftp://example.com' })).toThrow(
    'Invalid RPC URL',
  )
  expect(() => getSigilRpcUrl(baseSepolia)).toThrow('Invalid RPC URL')
})
