import type { WalletProvider, WalletProviderInfo } from '@sigil/core'
import { type Hex, numberToHex } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'

/** A wallet's EIP-1193 error (`code`: 4001 refused, 4200 unsupported, 4902 unknown chain). */
class TestWalletError extends Error {
  override name = 'TestWalletError'
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message)
  }
}

export type CreateTestWalletParameters = {
  /** The chain the wallet is on; default 31337 (sigilDevnet). */
  chainId?: number | undefined
  /** Chains it can switch to (besides `chainId`); default none. */
  knownChainIds?: number[] | undefined
  /** Whether `wallet_addEthereumChain` succeeds; default false. */
  canAddChains?: boolean | undefined
  /** The user refuses `eth_requestAccounts` (4001). */
  refuses?: boolean | undefined
  name?: string | undefined
  rdns?: string | undefined
}

export type TestWallet = ReturnType<typeof createTestWallet>

/**
 * Test helper: a browser wallet stand-in. Real wallets are extensions (or WalletConnect peers) that
 * cannot run in these offline tests, so this one speaks EIP-1193 over a viem local account and
 * announces itself through EIP-6963 window events, as an installed wallet does: on `announce()` and
 * on every `eip6963:requestProvider`.
 *
 * @example
 * const wallet = createTestWallet({ chainId: 1 })
 * wallet.announce()
 */
export function createTestWallet({
  chainId: initialChainId = 31337,
  knownChainIds = [],
  canAddChains = false,
  refuses = false,
  name = 'Test Wallet',
  rdns = 'dev.sigil.test-wallet',
}: CreateTestWalletParameters = {}) {
  const account = privateKeyToAccount(generatePrivateKey())
  const known = new Set([initialChainId, ...knownChainIds])
  let chainId = initialChainId
  const listeners = new Map<string, Set<(...arguments_: never[]) => void>>()
  const requests: string[] = []
  const emit = (event: string, value: unknown) => {
    for (const listener of listeners.get(event) ?? []) (listener as (value: unknown) => void)(value)
  }

  const provider: WalletProvider = {
    async request({ method, params }) {
      requests.push(method)
      const list = (params ?? []) as unknown[]
      switch (method) {
        case 'eth_requestAccounts':
          if (refuses) throw new TestWalletError(4001, 'User rejected the request.')
          return [account.address]
        case 'eth_accounts':
          return [account.address]
        case 'eth_chainId':
          return numberToHex(chainId)
        case 'wallet_switchEthereumChain': {
          const next = Number((list[0] as { chainId: Hex }).chainId)
          if (!known.has(next))
            throw new TestWalletError(4902, `Unrecognized chain ID "${numberToHex(next)}".`)
          chainId = next
          emit('chainChanged', numberToHex(next))
          return null
        }
        case 'wallet_addEthereumChain': {
          if (!canAddChains) throw new TestWalletError(4200, 'This wallet cannot add networks.')
          const next = Number((list[0] as { chainId: Hex }).chainId)
          known.add(next)
          chainId = next
          emit('chainChanged', numberToHex(next))
          return null
        }
        case 'personal_sign':
          return account.signMessage({ message: { raw: list[0] as Hex } })
        case 'eth_signTypedData_v4':
          return account.signTypedData(JSON.parse(list[1] as string))
        default:
          throw new TestWalletError(4200, `Unsupported method: ${method}`)
      }
    },
    on(event, listener) {
      if (!listeners.has(event)) listeners.set(event, new Set())
      listeners.get(event)!.add(listener)
    },
    removeListener(event, listener) {
      listeners.get(event)?.delete(listener)
    },
  }

  const info: WalletProviderInfo = {
    uuid: crypto.randomUUID(),
    name,
    icon: 'data:image/svg+xml,<svg xmlns="http://www.w3.org/2000/svg"/>',
    rdns,
  }
  const announce = () =>
    window.dispatchEvent(
      new CustomEvent('eip6963:announceProvider', { detail: Object.freeze({ info, provider }) }),
    )

  return {
    account,
    info,
    provider,
    /** Every method asked for, in order. */
    requests,
    get chainId() {
      return chainId
    },
    /** Announces the wallet now and on each `eip6963:requestProvider`, until `remove()`. */
    announce() {
      window.addEventListener('eip6963:requestProvider', announce)
      announce()
    },
    /** Tells listeners the user switched to other accounts (none: disconnected). */
    changeAccounts(accounts: string[]) {
      emit('accountsChanged', accounts)
    },
    remove() {
      window.removeEventListener('eip6963:requestProvider', announce)
    },
  }
}
