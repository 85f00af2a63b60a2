import { numberToHex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { expect, test } from 'vitest'
import { base } from '../chains/chains.js'
import { createConfig } from '../createConfig.js'
import { connectExternalWallet } from './connectExternalWallet.js'
import { createExternalWallets } from './createExternalWallets.js'
import { WalletConnectParamsNotFoundError } from './errors/WalletConnectParamsNotFoundError.js'
import type { WalletConnector, WalletProvider } from './WalletProvider.js'

const account = privateKeyToAccount(`0x${'11'.repeat(32)}`)
const config = () => createConfig({ connection: { rpcUrl: 'https://signer.example.com' }, chain: base })

/** An EIP-1193 wallet already on `chainId` that answers with `account`, recording the methods asked. */
function createWallet(chainId: number) {
  const requests: string[] = []
  const provider: WalletProvider = {
    async request({ method }) {
      requests.push(method)
      if (method === 'eth_requestAccounts') return [account.address.toLowerCase()]
      if (method === 'eth_chainId') return numberToHex(chainId)
      throw new Error(`Unsupported method: ${method}`)
    },
  }
  const connector: WalletConnector = {
    id: 'dev.sigil.test',
    name: 'Test',
    type: 'injected',
    getProvider: async () => provider,
  }
  return { connector, requests }
}

test('default: the next step is done, with the connection kept in the wallet store and the EOA user', async () => {
  const sigil = config()
  const { wallets, walletConnect } = createExternalWallets(sigil)
  const { connector, requests } = createWallet(base.id)
  const result = await connectExternalWallet(sigil, { wallets, walletConnect, connector })
  expect(result).toMatchObject({
    next: 'done',
    connection: { address: account.address, chainId: base.id },
    user: { address: account.address, orgId: account.address, userId: account.address, type: 'eoa' },
  })
  expect(wallets.getState().connection).toBe(result.connection)
  expect(requests).toEqual(['eth_requestAccounts', 'eth_chainId'])
})

test("error: 'walletConnect' without WalletConnect settings", async () => {
  const sigil = config()
  const { wallets, walletConnect } = createExternalWallets(sigil)
  expect(walletConnect).toBeUndefined()
  await expect(connectExternalWallet(sigil, { wallets, connector: 'walletConnect' })).rejects.toThrowError(
    WalletConnectParamsNotFoundError,
  )
  expect(wallets.getState().connection).toBeUndefined()
})
