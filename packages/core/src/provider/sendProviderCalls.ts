import {
  AtomicityNotSupportedError,
  DuplicateIdError,
  type Hash,
  toHex,
  UnsupportedChainIdError,
  UnsupportedNonOptionalCapabilityError,
} from 'viem'
import { getBundlerClient } from '../actions/getBundlerClient.js'
import { getConnection } from '../actions/getConnection.js'
import { sendUserOperation } from '../actions/sendUserOperation.js'
import type { SigilConfig } from '../createConfig.js'
import type { CallsBundle, CallsBundles } from './CallsBundle.js'
import { getProviderSmartAccountClient } from './getProviderAccount.js'
import type { SendCallsRequest } from './parseSendCallsParams.js'
import type { SigilProviderOptions } from './SigilProvider.js'
import { sendOwnerTransaction } from './sendOwnerTransaction.js'

/**
 * `wallet_sendCalls` (docs/provider.md#wallet_sendcalls-erc-5792-v2) once the request is parsed and its `from` checked:
 * on the active chain only (another configured or unknown chain is 5710); a capability the wallet does not
 * serve is 5700 unless marked `optional` (`paymasterService` is served by the chain's Sigil policy, so it
 * needs one); an `id` already used (or being sent) is 5720, and
 * is taken before anything is sent. The smart account sends every call in one user operation
 * (atomic, sponsored when the chain has a policy) and the bundle id defaults to its hash; the owner key
 * sends them as transactions one after another (`atomicRequired: true` is 5760) and the id defaults to a
 * random one. Records the bundle in `bundles` and answers its id.
 *
 * @example
 * const id = await sendProviderCalls(config, options, request, bundles)
 */
export async function sendProviderCalls(
  config: SigilConfig,
  options: SigilProviderOptions,
  request: SendCallsRequest,
  bundles: CallsBundles,
): Promise<string> {
  const connection = getConnection(config)
  if (request.chainId !== connection.chain.id)
    throw new UnsupportedChainIdError(
      new Error(
        `wallet_sendCalls: chainId ${toHex(request.chainId)} is not the active chain ${toHex(connection.chain.id)}` +
          ' (switch with wallet_switchEthereumChain first)',
      ),
    )
  const smart = options.account !== 'owner'
  const sponsored = smart && connection.policyId !== undefined
  for (const capability of request.capabilities) {
    if (capability.optional) continue
    if (capability.name === 'paymasterService' && sponsored) continue
    throw new UnsupportedNonOptionalCapabilityError(
      new Error(
        capability.name === 'paymasterService'
          ? `wallet_sendCalls: paymasterService needs the smart account and a gas policy on chain ${toHex(connection.chain.id)}`
          : `wallet_sendCalls: the capability "${capability.name}" is not supported`,
      ),
    )
  }
  if (!smart && request.atomicRequired)
    throw new AtomicityNotSupportedError(
      new Error(
        'wallet_sendCalls: atomicRequired, but the provider acts as the owner key (account: "owner")',
      ),
    )
  if (request.id !== undefined && bundles.has(request.id))
    throw new DuplicateIdError(
      new Error(`wallet_sendCalls: a bundle with id "${request.id}" was already sent`),
    )
  const client = getBundlerClient(config)
  const chainId = connection.chain.id
  // The app's id is taken before anything is sent: a second request with it is refused, never sent.
  const reserved = request.id
  if (reserved !== undefined) bundles.set(reserved, 'sending')
  try {
    if (smart) {
      const account = await getProviderSmartAccountClient(config, options)
      const { hash } = await sendUserOperation(account, {
        uo: request.calls.map(({ to, data, value }) => ({ target: to, data, value })),
      })
      const id = reserved ?? hash
      bundles.set(id, { chainId, client, kind: 'userOperation', hash })
      return id
    }
    const id = reserved ?? toHex(crypto.getRandomValues(new Uint8Array(32)))
    const [first, ...rest] = request.calls
    // The first send answers the request's errors (no funds, signed out); the rest follow, each once the
    // previous transaction is mined, so the key's nonces follow one another.
    const hashes: Hash[] = [await sendOwnerTransaction(config, first!)]
    const bundle: CallsBundle & { kind: 'transactions' } = {
      chainId,
      client,
      kind: 'transactions',
      calls: request.calls.length,
      hashes,
      failed: false,
    }
    bundles.set(id, bundle)
    void (async () => {
      for (const call of rest) {
        await client.waitForTransactionReceipt({ hash: hashes.at(-1)! })
        hashes.push(await sendOwnerTransaction(config, call))
      }
    })().catch(() => {
      bundle.failed = true
    })
    return id
  } catch (error) {
    if (reserved !== undefined) bundles.delete(reserved)
    throw error
  }
}
