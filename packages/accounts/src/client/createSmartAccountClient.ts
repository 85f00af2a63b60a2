import { type Chain, type Client, createClient, type Transport } from 'viem'
import {
  type BundlerClient,
  createBundlerClient,
  type EstimateUserOperationGasParameters,
  estimateUserOperationGas,
  type GetPaymasterStubDataParameters,
  type PrepareUserOperationParameters,
  prepareUserOperation,
  type SendUserOperationParameters,
  type SmartAccount,
  sendUserOperation,
} from 'viem/account-abstraction'
import { ChainNotFoundError } from '../errors/ChainNotFoundError.js'
import { sigil } from '../transport/sigil.js'
import type { FeeOptions } from './applyFeeOption.js'
import { applyGasOptions } from './applyGasOptions.js'
import { estimateFeesPerGas } from './estimateFeesPerGas.js'
import { publicClientBatch } from './publicClientBatch.js'
import { requestGasAndPaymasterAndData } from './requestGasAndPaymasterAndData.js'
import { resolveClientOptions, type SmartAccountClientOptions } from './resolveClientOptions.js'
import { signAuthorizationIfNeeded } from './signAuthorizationIfNeeded.js'
import { type SmartAccountActions, smartAccountActions } from './smartAccountActions.js'

export type CreateSmartAccountClientParameters<account extends SmartAccount = SmartAccount> = {
  account: account
  /** Required ('No chain supplied to the client'); carries the gateway URL unless `transport`/`rpcUrl` is given. */
  chain: Chain | undefined
  /** A transport to the chain's Sigil gateway; default `sigil({ rpcUrl })`. */
  transport?: Transport | undefined
  /** The chain's gateway URL (`<server>/rpc/<chainId>`); default `chain.rpcUrls.sigil.http[0]`. */
  rpcUrl?: string | undefined
  /** Sponsor every user operation under this gas policy. */
  policyId?: string | string[] | undefined
  /**
   * How sponsorship is asked for: `'alchemy'` (default) sends one `alchemy_requestGasAndPaymasterAndData`
   * that also estimates gas and fees; `'erc7677'` uses `pm_getPaymasterStubData` / `pm_getPaymasterData`.
   */
  paymasterMode?: 'alchemy' | 'erc7677' | undefined
  feeOptions?: FeeOptions | undefined
  opts?: SmartAccountClientOptions | undefined
  /** How often receipts are polled; default viem's (chain block time or 4 s). */
  pollingInterval?: number | undefined
}

export type SmartAccountClient<account extends SmartAccount = SmartAccount> = BundlerClient<
  Transport,
  Chain,
  account
> &
  SmartAccountActions & {
    /**
     * A viem client for reads on the same chain and transport (batched by Multicall3, `publicClientBatch`):
     * a bare client, without viem's public actions as methods (they would put every one of them in an
     * app's bundle, apps/demo/bench/README.md), so it is used with `viem/actions`:
     * `getBalance(client.publicClient, { address })`. `getBundlerClient` gives a client with the methods.
     */
    publicClient: Client<Transport, Chain>
  }

/**
 * A viem bundler client for one smart account on one chain, through the Sigil RPC gateway: fee
 * estimation (`rundler_maxPriorityFeePerGas`, `baseFee × 1.5 + priority`), gas sponsorship when a
 * `policyId` is set, the EIP-7702 authorization of a ModularAccountV2 in 7702 mode, and the actions
 * `sendCalls`, `sendTransaction(s)`, `waitForUserOperationTransaction`, `signMessage`, `signTypedData`
 * (EIP-6492 while undeployed). Throws `ChainNotFoundError`, `InvalidRpcUrlError`,
 * `InvalidClientOptionError` or `InvalidFeeOptionError` for bad settings.
 *
 * @example
 * const chain = defineSigilChain({ chain: baseSepolia, serverUrl: 'https://sigil.example.com' })
 * const account = await toLightAccount({ client: createPublicClient({ chain, transport: sigil() }), owner })
 * const client = createSmartAccountClient({ account, chain, policyId })
 * const hash = await client.sendUserOperation({ calls: [{ to, value: 0n }] })
 */
export function createSmartAccountClient<account extends SmartAccount>(
  parameters: CreateSmartAccountClientParameters<account>,
): SmartAccountClient<account> {
  const { account, chain, rpcUrl, policyId, paymasterMode = 'alchemy', pollingInterval } = parameters
  if (!chain) throw new ChainNotFoundError()
  const options = resolveClientOptions(parameters.opts, parameters.feeOptions)
  const transport = parameters.transport ?? sigil({ rpcUrl })
  const publicClient = createClient({
    chain,
    transport,
    pollingInterval,
    batch: publicClientBatch,
  }) as Client<Transport, Chain>
  const sponsorInOneCall = policyId !== undefined && paymasterMode === 'alchemy'

  const sponsor = async (request: GetPaymasterStubDataParameters) => {
    const { chainId: _, entryPointAddress, context: __, ...userOperation } = request
    const fields = await requestGasAndPaymasterAndData(publicClient, {
      policyId: policyId as string | string[],
      entryPointAddress,
      entryPointVersion: account.entryPoint.version,
      userOperation: userOperation as Parameters<typeof requestGasAndPaymasterAndData>[1]['userOperation'],
      feeOptions: options.feeOptions,
    })
    return { ...fields, isFinal: true }
  }

  const bundlerClient = createBundlerClient({
    account,
    chain,
    transport,
    client: publicClient,
    pollingInterval,
    ...(sponsorInOneCall
      ? { paymaster: { getPaymasterStubData: sponsor, getPaymasterData: sponsor } as never }
      : policyId !== undefined
        ? { paymaster: true, paymasterContext: { policyId } }
        : {}),
    userOperation: {
      // Sponsored in one call, the gateway prices the operation: no separate estimate.
      estimateFeesPerGas: async () =>
        sponsorInOneCall
          ? { maxFeePerGas: 0n, maxPriorityFeePerGas: 0n }
          : estimateFeesPerGas(publicClient, { feeOptions: options.feeOptions }),
    },
  })

  const withAuthorization = async <parameters extends { account?: unknown; authorization?: unknown }>(
    request: parameters,
  ): Promise<parameters> => {
    if (request.authorization !== undefined) return request
    const target = (request.account ?? account) as SmartAccount
    const authorization = await signAuthorizationIfNeeded(publicClient as Client, target)
    return authorization ? { ...request, authorization } : request
  }

  // viem's actions find each other through the client (`getAction`), so these overrides reach the
  // operations viem prepares: gas fee options on the bundler's estimate, the 7702 authorization.
  let self: typeof bundlerClient
  const client = bundlerClient.extend(() => ({
    publicClient,
    estimateUserOperationGas: async (request: EstimateUserOperationGasParameters) =>
      applyGasOptions(await estimateUserOperationGas(bundlerClient, request), options.feeOptions),
    prepareUserOperation: async (request: PrepareUserOperationParameters) =>
      prepareUserOperation(self, await withAuthorization(request)),
    sendUserOperation: async (request: SendUserOperationParameters) =>
      sendUserOperation(self, await withAuthorization(request)),
  }))
  self = client as unknown as typeof bundlerClient
  // viem's `extend` refuses names of its wallet actions (`sendTransaction`, `signMessage`, …), which a
  // smart-account client answers differently, so they are assigned.
  return Object.assign(
    client,
    smartAccountActions(client as never, { publicClient, options }),
  ) as unknown as SmartAccountClient<account>
}
