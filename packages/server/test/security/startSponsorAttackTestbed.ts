import { createDevnetClient, type Devnet, startDevnet } from '@sigil/devnet'
import type { EntryPointVersion } from '@sigil/protocol'
import {
  type Address,
  createPublicClient,
  createWalletClient,
  type Hex,
  http,
  type PublicClient,
  parseEventLogs,
  type TransactionReceipt,
} from 'viem'
import {
  entryPoint07Abi,
  formatUserOperation,
  toPackedUserOperation,
  type UserOperation,
} from 'viem/account-abstraction'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { anvil } from 'viem/chains'
import { startDevnetGateway } from '../../src/rpc/test/startDevnetGateway.js'
import {
  deploySimpleAccountFactories,
  entryPoints,
  toSimpleTestAccount,
} from '../../src/rpc/test/toSimpleTestAccount.js'
import { type TestServer, testAppOrigin } from '../../src/test/createTestServer.js'
import type { LocalListener } from '../../src/test/serveOnLocalPort.js'

/** What an attacker's self-bundled `handleOps` did: the paymaster's loss and the chain's view of it. */
export type SelfBundled = {
  /** What the paymaster's EntryPoint deposit lost, wei. */
  drop: bigint
  /** The `handleOps` transaction's receipt (its gas and price: what the chain was paid). */
  receipt: TransactionReceipt
  /** The operation's `UserOperationEvent`: the gas and cost the EntryPoint charged the paymaster. */
  charged: { actualGasUsed: bigint; actualGasCost: bigint; success: boolean }
  /** What the bundler (the attacker's EOA, its own beneficiary) gained, wei: payout − transaction cost. */
  profit: bigint
}

/** Gas for a `handleOps` of one operation: its limits and 10 % on top, at least 5 000 000, at most a block's 30 000 000. */
function bundleGas(op: UserOperation): bigint {
  const limits =
    op.callGasLimit +
    op.verificationGasLimit +
    op.preVerificationGas +
    (op.paymasterVerificationGasLimit ?? 0n) +
    (op.paymasterPostOpGasLimit ?? 0n)
  const gas = (limits * 11n) / 10n + 500_000n
  return gas < 5_000_000n ? 5_000_000n : gas > 30_000_000n ? 30_000_000n : gas
}

/**
 * A devnet (anvil, EntryPoints, alto, Sigil paymasters) with the SimpleAccount factories, a test server's
 * RPC gateway behind the real listener, and the attacker's tools: JSON-RPC through the listener with the
 * app's `Origin` only, the paymaster's deposit, and fresh attacker accounts that self-bundle what the
 * gateway signs (`handleOps` from a dev EOA that names itself beneficiary).
 *
 * @example
 * const bench = await startSponsorAttackTestbed()
 * const { operation, submit } = await bench.attacker()
 */
export async function startSponsorAttackTestbed() {
  const devnet: Devnet = await startDevnet()
  const client = createDevnetClient(devnet.rpcUrl)
  const publicClient = createPublicClient({
    chain: anvil,
    transport: http(devnet.rpcUrl),
    pollingInterval: 50,
  }) as PublicClient
  const factories = await deploySimpleAccountFactories(client)
  const { server, listener } = await startDevnetGateway('sqlite', devnet)

  /** The paymaster's deposit at its EntryPoint (what the EntryPoint can charge it). */
  const deposit = (version: EntryPointVersion) =>
    publicClient.readContract({
      address: entryPoints[version].address,
      abi: entryPoint07Abi,
      functionName: 'balanceOf',
      args: [devnet.paymasters[version]],
    })

  /** One JSON-RPC call through the real listener, the app known by its `Origin` only. */
  const gateway = async (method: string, params: unknown) => {
    const response = await fetch(`${listener.url}/rpc/31337`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: testAppOrigin },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    })
    return (await response.json()) as {
      result?: Record<string, Hex>
      error?: { code: number; message: string }
    }
  }

  /** The attacker: a fresh SimpleAccount of its own and a funded EOA that submits to the EntryPoint. */
  const attacker = async (version: EntryPointVersion = '0.7') => {
    const owner = privateKeyToAccount(generatePrivateKey())
    const account = await toSimpleTestAccount({
      client: publicClient,
      owner,
      version,
      factory: factories[version],
    })
    const wallet = createWalletClient({
      account: privateKeyToAccount(devnet.devAccounts[0]!.privateKey),
      chain: anvil,
      transport: http(devnet.rpcUrl),
    })
    const { factory, factoryData } = await account.getFactoryArgs()
    /** An operation that does nothing (calls the attacker's own address with no value), with `gas` set. */
    const operation = async (gas: Partial<UserOperation<'0.7'>>) =>
      ({
        sender: account.address,
        nonce: await account.getNonce(),
        factory,
        factoryData,
        callData: await account.encodeCalls([{ to: wallet.account.address, value: 0n, data: '0x' }]),
        signature: await account.getStubSignature(),
        ...gas,
      }) as UserOperation
    /**
     * What an attacker does with signed paymaster fields: signs the operation and calls `handleOps` with
     * itself as beneficiary, at the operation's fees unless `fees` says otherwise (what the bundle pays the chain).
     */
    const submit = async (
      userOperation: UserOperation,
      fields: Record<string, Hex>,
      fees: { maxFeePerGas: bigint; maxPriorityFeePerGas: bigint } = userOperation,
    ): Promise<SelfBundled> => {
      const signed = { ...userOperation, ...formatUserOperation(fields as never) } as UserOperation
      signed.signature = await account.signUserOperation(signed)
      const before = await deposit(version)
      const balance = await publicClient.getBalance({ address: wallet.account.address })
      const hash = await wallet.writeContract({
        address: entryPoints[version].address,
        abi: entryPoint07Abi,
        functionName: 'handleOps',
        args: [[toPackedUserOperation(signed)], wallet.account.address],
        // Enough for the operation's own limits (the EntryPoint refuses a bundle that cannot give them).
        gas: bundleGas(signed),
        maxFeePerGas: fees.maxFeePerGas,
        maxPriorityFeePerGas: fees.maxPriorityFeePerGas,
      })
      const receipt = await publicClient.waitForTransactionReceipt({ hash })
      const [event] = parseEventLogs({
        abi: entryPoint07Abi,
        eventName: 'UserOperationEvent',
        logs: receipt.logs,
      })
      if (!event) throw new Error(`handleOps ${hash} emitted no UserOperationEvent`)
      const { actualGasUsed, actualGasCost, success } = event.args
      return {
        drop: before - (await deposit(version)),
        receipt,
        charged: { actualGasUsed, actualGasCost, success },
        profit: (await publicClient.getBalance({ address: wallet.account.address })) - balance,
      }
    }
    return { account, wallet, operation, submit }
  }

  const stop = async () => {
    await listener?.close()
    await server?.cleanup()
    await devnet?.stop()
  }
  return {
    devnet,
    client,
    publicClient,
    factories: factories as Record<EntryPointVersion, Address>,
    server: server as TestServer,
    listener: listener as LocalListener,
    deposit,
    gateway,
    attacker,
    stop,
  }
}
