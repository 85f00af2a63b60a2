import type { DevnetClient } from '@sigil/devnet'
import {
  type Address,
  type Hex,
  hexToBigInt,
  http,
  type PublicClient,
  parseEventLogs,
  type SignedAuthorization,
  slice,
} from 'viem'
import {
  createBundlerClient,
  entryPoint08Abi,
  entryPoint08Address,
  formatUserOperationRequest,
  getUserOperationHash,
  toPackedUserOperation,
  toSimple7702SmartAccount,
  type UserOperation,
  type UserOperationReceipt,
} from 'viem/account-abstraction'
import type { PrivateKeyAccount } from 'viem/accounts'
import { appCreateCommand } from '../../cli/appCreateCommand.js'
import { policyCommand } from '../../cli/policyCommand.js'
import { type SpawnedServer, spawnServer } from '../../test/spawnServer.js'
import { captured, lastJson } from '../deploy/test/createPaymasterCli.js'

export type SendEip7702OperationWithOtherDelegateParameters = {
  client: DevnetClient
  publicClient: PublicClient
  rpcUrl: string
  bundlerUrl: string
  dataDir: string
  env: Record<string, string>
  /** The chain's Sigil paymaster on EntryPoint v0.8. */
  paymaster: Address
  /** The EOA, already delegated to `delegate`. */
  owner: PrivateKeyAccount
  /** The sender's delegate on chain (a Simple7702Account). */
  delegate: Address
  /** Another delegate, the one the authorization shown to the server names. */
  claimedDelegate: Address
  /** The nonce key of the operation. */
  nonceKey: bigint
  /**
   * How it reaches the chain: `gateway` (default), through the same gateway and its bundler with an authorization
   * to the sender's current delegate; `handleOps`, in a transaction of its own to the EntryPoint (no bundler)
   * carrying the claimed authorization with a wrong nonce, which the chain skips.
   */
  submit?: 'gateway' | 'handleOps' | undefined
}

/** What the EntryPoint's `UserOperationEvent` said of the operation. */
export type LandedOperation = Pick<
  UserOperationReceipt,
  'userOpHash' | 'sender' | 'nonce' | 'paymaster' | 'actualGasCost' | 'success'
>

/**
 * The EIP-7702 settlement attack on EntryPoint v0.8 through a spawned server's gateway: an operation of an EOA
 * delegated to `delegate` gets sponsored (`pm_getPaymasterStubData`, estimation, `pm_getPaymasterData`) with an
 * `eip7702Auth` naming `claimedDelegate`, so the server records a hash computed with that delegate; it then
 * reaches the chain as `submit` says, where the EntryPoint hashes it with `delegate`. Once it lands the server
 * stops; `policy()` runs `policy list` (it settles first) when the caller has moved the chain past `validUntil`.
 *
 * @example
 * const { landed, recordedHash, validUntil, policy } = await sendEip7702OperationWithOtherDelegate({ ...chain, env, paymaster, owner, delegate, claimedDelegate, nonceKey: 7n })
 */
export async function sendEip7702OperationWithOtherDelegate(
  parameters: SendEip7702OperationWithOtherDelegateParameters,
): Promise<{
  landed: LandedOperation
  recordedHash: Hex
  /** The signature's `validUntil` (epoch seconds). */
  validUntil: bigint
  /** The policy as `sigil-server policy list` shows it, which settles first. */
  policy(): Promise<{ policyId: string; spentWei: string; reservedWei: string; operations: number }>
}> {
  const { client, publicClient, dataDir, env, paymaster, owner, delegate, claimedDelegate } = parameters
  const chains = JSON.stringify([
    {
      id: 31337,
      rpcUrl: parameters.rpcUrl,
      bundlerUrl: parameters.bundlerUrl,
      paymasters: { '0.8': paymaster },
    },
  ])
  let server: SpawnedServer | undefined
  try {
    server = await spawnServer(['start', '--port', '0', '--data-dir', dataDir], {
      ...env,
      SIGIL_CHAINS: chains,
    })
    const appRun = await captured(() =>
      appCreateCommand([
        '--name',
        `7702 ${owner.address}`,
        '--origin',
        'http://localhost:5173',
        '--data-dir',
        dataDir,
      ]),
    )
    if (appRun.code !== 0) throw new Error(appRun.stderr)
    const app = lastJson(appRun.stdout)
    const created = await captured(() =>
      policyCommand([
        'create',
        ...[
          '--app',
          app.appId,
          '--budget',
          '1000000000000000000',
          '--audience',
          'public',
          '--chain',
          '31337',
        ],
        ...['--any-sender', '--data-dir', dataDir],
      ]),
    )
    if (created.code !== 0) throw new Error(created.stderr)
    const { policyId } = lastJson(created.stdout)
    const url = `${server.url}/rpc/31337/${app.apiKey}`
    const account = await toSimple7702SmartAccount({ client: publicClient, owner, implementation: delegate })
    const bundler = createBundlerClient({
      account,
      client: publicClient,
      transport: http(url),
      paymaster: true,
      paymasterContext: { policyId },
      pollingInterval: 50,
    })
    const authorizationTo = async (address: Address): Promise<SignedAuthorization> =>
      owner.signAuthorization({
        address,
        chainId: 31337,
        nonce: await publicClient.getTransactionCount({ address: owner.address }),
      })
    const claimed = await authorizationTo(claimedDelegate)
    const prepared = (await bundler.prepareUserOperation({
      calls: [{ to: '0x000000000000000000000000000000000000dEaD', value: 0n, data: '0x' }],
      nonce: await account.getNonce({ key: parameters.nonceKey }),
      factory: '0x7702',
      factoryData: '0x',
      authorization: claimed,
    })) as UserOperation<'0.8'>
    const recordedHash = getUserOperationHash({
      userOperation: { ...prepared, authorization: claimed },
      entryPointAddress: entryPoint08Address,
      entryPointVersion: '0.8',
      chainId: 31337,
    })
    const sent = { ...prepared, authorization: await authorizationTo(delegate) }
    sent.signature = await account.signUserOperation(sent)
    const landed =
      parameters.submit === 'handleOps'
        ? await handleOps(client, { ...prepared, signature: sent.signature }, claimedDelegate, owner)
        : await sendThroughGateway(bundler, url, sent)
    await server.stop()
    // paymasterData = abi.encode(validUntil, validAfter) ‖ signature.
    const validUntil = hexToBigInt(slice(prepared.paymasterData!, 0, 32))
    const policy = async () => {
      const list = await captured(() => policyCommand(['list', '--app', app.appId, '--data-dir', dataDir]), {
        SIGIL_CHAINS: chains,
      })
      if (list.code !== 0) throw new Error(list.stderr)
      return lastJson(list.stdout)[0]
    }
    return { landed, recordedHash, validUntil, policy }
  } finally {
    await server?.stop()
  }
}

async function sendThroughGateway(
  bundler: ReturnType<typeof createBundlerClient>,
  url: string,
  operation: UserOperation<'0.8'> & { authorization: SignedAuthorization },
): Promise<LandedOperation> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'eth_sendUserOperation',
      params: [formatUserOperationRequest(operation), entryPoint08Address],
    }),
  })
  const { result: hash, error } = (await response.json()) as { result?: Hex; error?: unknown }
  if (!hash) throw new Error(`eth_sendUserOperation: ${JSON.stringify(error)}`)
  return bundler.waitForUserOperationReceipt({ hash, pollingInterval: 50, timeout: 30_000 })
}

/** `handleOps` from the devnet's funded account, with an authorization of `owner` whose nonce is ahead of its own. */
async function handleOps(
  client: DevnetClient,
  operation: UserOperation<'0.8'>,
  claimedDelegate: Address,
  owner: PrivateKeyAccount,
): Promise<LandedOperation> {
  const stale = await owner.signAuthorization({
    address: claimedDelegate,
    chainId: 31337,
    nonce: (await client.getTransactionCount({ address: owner.address })) + 5,
  })
  const hash = await client.writeContract({
    address: entryPoint08Address,
    abi: entryPoint08Abi,
    functionName: 'handleOps',
    // Without `authorization` the init code is v0.8's EIP-7702 marker, as the operation was signed for.
    args: [[toPackedUserOperation({ ...operation, authorization: undefined })], client.account.address],
    authorizationList: [stale],
  })
  const { logs } = await client.waitForTransactionReceipt({ hash })
  const [event] = parseEventLogs({ abi: entryPoint08Abi, eventName: 'UserOperationEvent', logs })
  if (!event) throw new Error(`handleOps ${hash} emitted no UserOperationEvent`)
  return event.args
}
