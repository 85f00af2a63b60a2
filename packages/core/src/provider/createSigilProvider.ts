import {
  type Address,
  ChainDisconnectedError,
  isAddressEqual,
  SwitchChainError,
  toHex,
  UnauthorizedProviderError,
  UnknownBundleIdError,
  UnsupportedProviderMethodError,
  UserRejectedRequestError,
} from 'viem'
import { getBundlerClient } from '../actions/getBundlerClient.js'
import { getChain } from '../actions/getChain.js'
import { sendUserOperation } from '../actions/sendUserOperation.js'
import { setChain } from '../actions/setChain.js'
import { signMessage } from '../actions/signMessage.js'
import { signTypedData } from '../actions/signTypedData.js'
import type { SigilConfig } from '../createConfig.js'
import type { CallsBundles } from './CallsBundle.js'
import { createProviderEvents } from './createProviderEvents.js'
import { getProviderAccount, getProviderSmartAccountClient } from './getProviderAccount.js'
import { getProviderCapabilities } from './getProviderCapabilities.js'
import { invalidParams } from './invalidParams.js'
import { isForwardedMethod } from './isForwardedMethod.js'
import { paramsArray } from './paramsArray.js'
import { parseAddress } from './parseAddress.js'
import { parseChainId } from './parseChainId.js'
import { parsePersonalSignParams } from './parsePersonalSignParams.js'
import { parseSendCallsParams } from './parseSendCallsParams.js'
import { parseTransactionParams } from './parseTransactionParams.js'
import { parseTypedDataParams } from './parseTypedDataParams.js'
import type { SigilProvider, SigilProviderOptions } from './SigilProvider.js'
import { sendOwnerTransaction } from './sendOwnerTransaction.js'
import { sendProviderCalls } from './sendProviderCalls.js'
import { toCallsStatus } from './toCallsStatus.js'
import { toProviderRpcError } from './toProviderRpcError.js'
import { waitForSignIn } from './waitForSignIn.js'
import { watchProviderEvents } from './watchProviderEvents.js'

/**
 * An EIP-1193 provider over a Sigil config (docs/provider.md), built on core's actions: it acts as the
 * signed-in user's smart account (`account: 'smart'`, the default; type `'ModularAccountV2'` unless
 * `smartAccount.type` says otherwise) or the user's own key (`account: 'owner'`). It answers the account
 * methods, signing, sending (a user operation sponsored by the chain's policy, or an ordinary transaction),
 * chain switching among the configured chains, ERC-5792 v2 (`wallet_getCapabilities`, `wallet_sendCalls`,
 * `wallet_getCallsStatus`, `wallet_showCallsStatus`), forwards read-only `eth_*` / `net_*` / `web3_*`
 * calls to the active chain's transport, and emits `connect`, `disconnect`, `accountsChanged` and
 * `chainChanged`. Every failure is an EIP-1193 / ERC-5792 `ProviderRpcError` (or a JSON-RPC error) with a
 * `code`.
 *
 * @example
 * const provider = createSigilProvider(config, { openSignIn: () => setSignInOpen(true) })
 * const wallet = createWalletClient({ chain: base, transport: custom(provider) })
 * const [address] = await wallet.requestAddresses()
 * const signature = await wallet.signMessage({ account: address, message: 'hello' })
 */
export function createSigilProvider(config: SigilConfig, options: SigilProviderOptions = {}): SigilProvider {
  const events = createProviderEvents()
  const bundles: CallsBundles = new Map()
  const smart = options.account !== 'owner'
  const maxCalls = options.maxCalls ?? 100

  const accountsOf = async (): Promise<Address[]> => {
    const account = await getProviderAccount(config, options)
    return account ? [account] : []
  }
  const requireAccount = async (address: Address | undefined): Promise<Address> => {
    const account = await getProviderAccount(config, options)
    if (!account)
      throw new UnauthorizedProviderError(new Error('Nobody is signed in: call eth_requestAccounts first'))
    if (address && !isAddressEqual(address, account))
      throw new UnauthorizedProviderError(new Error(`${address} is not the provider's account (${account})`))
    return account
  }
  const confirm = async (method: string, params: unknown) => {
    if (options.confirm && !(await options.confirm({ method, params })))
      throw new UserRejectedRequestError(new Error(`The user refused ${method}`))
  }
  const client = () => getProviderSmartAccountClient(config, options)
  const unwatch = watchProviderEvents(config, events, accountsOf)

  const handle = async (method: string, params: unknown): Promise<unknown> => {
    switch (method) {
      case 'eth_chainId':
        return toHex(getChain(config).id)
      case 'eth_accounts':
        return accountsOf()
      case 'eth_requestAccounts':
        await waitForSignIn(config, options)
        return accountsOf()
      case 'personal_sign': {
        const { message, address } = parsePersonalSignParams(params)
        await requireAccount(address)
        await confirm(method, params)
        return signMessage(config, { message, client: smart ? await client() : undefined })
      }
      case 'eth_signTypedData_v4': {
        const { address, typedData } = parseTypedDataParams(params)
        await requireAccount(address)
        await confirm(method, params)
        return signTypedData(config, {
          ...(typedData as Parameters<typeof signTypedData>[1]),
          client: smart ? await client() : undefined,
        })
      }
      case 'eth_sendTransaction': {
        const transaction = parseTransactionParams(params)
        await requireAccount(transaction.from)
        const { id } = getChain(config)
        if (transaction.chainId !== undefined && transaction.chainId !== id)
          throw new ChainDisconnectedError(
            new Error(
              `The transaction is for chain ${toHex(transaction.chainId)}; the provider is on ${toHex(id)}`,
            ),
          )
        await confirm(method, params)
        if (!smart) return sendOwnerTransaction(config, transaction)
        const { to, data, value } = transaction
        return (
          await sendUserOperation(await client(), { uo: { target: to, data, value }, waitForTxn: true })
        ).hash
      }
      case 'wallet_switchEthereumChain':
      case 'wallet_addEthereumChain': {
        const [request] = paramsArray(method, params, 1)
        const chainId = parseChainId((request as { chainId?: unknown } | null)?.chainId, `${method}: chainId`)
        const connection = config.store.getState().connections[chainId]
        if (!connection)
          throw new SwitchChainError(
            new Error(
              `Chain ${toHex(chainId)} is not one of the app's chains (${configuredChains(config)})` +
                (method === 'wallet_addEthereumChain'
                  ? ': chains are added in createConfig, not at run time'
                  : ''),
            ),
          )
        if (method === 'wallet_switchEthereumChain') setChain(config, connection.chain)
        return null
      }
      case 'wallet_getCapabilities': {
        const [address, chainIds] = Array.isArray(params) ? params : []
        if (address !== undefined)
          await requireAccount(parseAddress(address, 'wallet_getCapabilities: address'))
        if (chainIds !== undefined && !Array.isArray(chainIds))
          throw invalidParams('wallet_getCapabilities: params[1] must be an array of hex chain ids')
        const ids = chainIds?.map((each: unknown) => parseChainId(each, 'wallet_getCapabilities: chainIds'))
        return getProviderCapabilities(config, options, ids)
      }
      case 'wallet_sendCalls': {
        const request = parseSendCallsParams(params, maxCalls)
        await requireAccount(request.from)
        await confirm(method, params)
        return { id: await sendProviderCalls(config, options, request, bundles) }
      }
      case 'wallet_getCallsStatus':
      case 'wallet_showCallsStatus': {
        const [id] = paramsArray(method, params, 1)
        if (typeof id !== 'string')
          throw invalidParams(`${method}: the bundle id (params[0]) must be a string`)
        if (method === 'wallet_showCallsStatus' && !options.showCallsStatus)
          throw new UnsupportedProviderMethodError(
            new Error('wallet_showCallsStatus: the app gave the provider no showCallsStatus option'),
            { method },
          )
        const status = await callsStatus(id)
        if (method === 'wallet_getCallsStatus') return status
        await options.showCallsStatus?.(status)
        return null
      }
      default:
        if (!isForwardedMethod(method))
          throw new UnsupportedProviderMethodError(
            new Error(`${method} is not supported by the Sigil provider`),
            {
              method,
            },
          )
        return getBundlerClient(config).request({ method, params } as never)
    }
  }

  /** A bundle sent by this provider, or (the smart account) a user operation the bundler knows by hash. */
  const callsStatus = async (id: string) => {
    const known = bundles.get(id)
    if (known === 'sending')
      return {
        version: '2.0.0' as const,
        id,
        chainId: toHex(getChain(config).id),
        status: 100,
        atomic: smart,
      }
    if (known) return toCallsStatus(id, known)
    if (smart && /^0x[0-9a-fA-F]{64}$/.test(id)) {
      const found = await toCallsStatus(id, {
        chainId: getChain(config).id,
        client: getBundlerClient(config),
        kind: 'userOperation',
        hash: id as Address,
      })
      if (found.status !== 100) return found
    }
    throw new UnknownBundleIdError(new Error(`No bundle with id "${id}" was sent through this provider`))
  }

  const provider: SigilProvider = {
    async request(request) {
      try {
        if (typeof request !== 'object' || request === null || typeof request.method !== 'string')
          throw invalidParams('request takes { method: string, params? }')
        return await handle(request.method, request.params)
      } catch (error) {
        throw toProviderRpcError(error)
      }
    },
    on(event, listener) {
      events.on(event, listener)
      return provider
    },
    removeListener(event, listener) {
      events.removeListener(event, listener)
      return provider
    },
    destroy() {
      unwatch()
      events.clear()
    },
  }
  return provider
}

const configuredChains = (config: SigilConfig) =>
  Object.values(config.store.getState().connections)
    .map(({ chain }) => toHex(chain.id))
    .join(', ')
