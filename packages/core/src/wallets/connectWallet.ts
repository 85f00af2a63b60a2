import { type Address, type Chain, getAddress, isAddress, numberToHex } from 'viem'
import { WalletChainNotFoundError } from './errors/WalletChainNotFoundError.js'
import { WalletConnectionError } from './errors/WalletConnectionError.js'
import type { WalletConnection, WalletConnector, WalletProvider } from './WalletProvider.js'

/** EIP-1193 / EIP-3085 codes: the user refused; the wallet does not know the chain. */
const userRejectedCode = 4001
const unrecognizedChainCode = 4902

const errorCode = (error: unknown) => (error as { code?: unknown } | undefined)?.code

async function readChainId(provider: WalletProvider): Promise<number> {
  return Number(await provider.request({ method: 'eth_chainId' }))
}

/** Asks the wallet to add `chain` (after 4902 on switching); true when it did. */
async function addChain(provider: WalletProvider, chain: Chain, rpcUrl: string | undefined) {
  const url = rpcUrl ?? chain.rpcUrls.default.http[0]
  await provider.request({
    method: 'wallet_addEthereumChain',
    params: [
      {
        chainId: numberToHex(chain.id),
        chainName: chain.name,
        nativeCurrency: chain.nativeCurrency,
        rpcUrls: url ? [url] : [],
        blockExplorerUrls: chain.blockExplorers ? [chain.blockExplorers.default.url] : undefined,
      },
    ],
  })
}

/**
 * Moves the wallet to `chain`: `wallet_switchEthereumChain`, and `wallet_addEthereumChain` when the
 * wallet does not know it (4902). A wallet that still cannot be on `chain` gives
 * `WalletChainNotFoundError` ('ChainId not found'); a refusal by the user keeps its own error.
 */
async function switchChain(provider: WalletProvider, chain: Chain, rpcUrl: string | undefined) {
  try {
    await provider.request({
      method: 'wallet_switchEthereumChain',
      params: [{ chainId: numberToHex(chain.id) }],
    })
  } catch (error) {
    if (errorCode(error) === userRejectedCode) throw error
    if (errorCode(error) !== unrecognizedChainCode)
      throw new WalletChainNotFoundError({ chain, cause: error })
    try {
      await addChain(provider, chain, rpcUrl)
    } catch (addError) {
      if (errorCode(addError) === userRejectedCode) throw addError
      throw new WalletChainNotFoundError({ chain, cause: addError })
    }
  }
  const chainId = await readChainId(provider)
  if (chainId !== chain.id) throw new WalletChainNotFoundError({ chain })
  return chainId
}

export type ConnectWalletParameters = {
  connector: WalletConnector
  /** The app's chain: the wallet must be on it, or able to switch to it. */
  chain: Chain
  /** The chain's RPC URL to give a wallet that has to add the chain; default the chain's own. */
  rpcUrl?: string | undefined
}

/**
 * Connects an external wallet: `eth_requestAccounts`, then makes sure the wallet is on the app's
 * chain (switching, or adding it, if needed). Throws `WalletConnectionError` without an account,
 * `WalletChainNotFoundError` ('ChainId not found') when the wallet cannot be on the chain, and the
 * wallet's own error when the user refuses (code 4001).
 *
 * @example
 * const { address } = await connectWallet({ connector, chain: getChain(config) })
 */
export async function connectWallet({
  connector,
  chain,
  rpcUrl,
}: ConnectWalletParameters): Promise<WalletConnection> {
  const provider = await connector.getProvider()
  const answer = await provider.request({ method: 'eth_requestAccounts' })
  const accounts = Array.isArray(answer)
    ? answer.filter((account) => isAddress(String(account), { strict: false }))
    : []
  if (accounts.length === 0)
    throw new WalletConnectionError('The wallet returned no account', {
      details: `${connector.name} answered eth_requestAccounts with ${JSON.stringify(answer)}`,
    })
  const current = await readChainId(provider)
  const chainId = current === chain.id ? current : await switchChain(provider, chain, rpcUrl)
  const checksummed = accounts.map((account) => getAddress(String(account))) as Address[]
  return { connector, provider, address: checksummed[0]!, accounts: checksummed, chainId }
}
