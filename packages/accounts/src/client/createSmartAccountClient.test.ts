import { createPublicClient, custom, type Hex, http } from 'viem'
import { mainnet } from 'viem/chains'
import { recoverAuthorizationAddress } from 'viem/utils'
import { describe, expect, test } from 'vitest'
import { toLightAccount } from '../accounts/toLightAccount.js'
import { toModularAccountV2 } from '../accounts/toModularAccountV2.js'
import { defineSigilChain } from '../chains/defineSigilChain.js'
import { sigilDevnet } from '../chains/sigilDevnet.js'
import { defaultAddresses } from '../constants/defaultAddresses.js'
import { owner } from '../test/owners.js'
import { createSmartAccountClient } from './createSmartAccountClient.js'

const accountAddress = '0x5555555555555555555555555555555555555555'
const target = '0x000000000000000000000000000000000000dEaD'
const paymaster = '0x6666666666666666666666666666666666666666'

/** A gateway that answers like Sigil's, recording every request. */
function createGateway() {
  const requests: { method: string; params: unknown }[] = []
  const answers: Record<string, (params: unknown) => unknown> = {
    eth_chainId: () => '0x7a69',
    eth_getCode: () => '0x',
    eth_call: () => `0x${'0'.repeat(64)}`,
    eth_getBlockByNumber: () => ({ number: '0x1', baseFeePerGas: '0x3e8' }),
    rundler_maxPriorityFeePerGas: () => '0x64',
    eth_estimateUserOperationGas: () => ({
      callGasLimit: '0x1000',
      verificationGasLimit: '0x2000',
      preVerificationGas: '0x3000',
    }),
    alchemy_requestGasAndPaymasterAndData: () => ({
      callGasLimit: '0x11',
      verificationGasLimit: '0x22',
      preVerificationGas: '0x33',
      maxFeePerGas: '0x44',
      maxPriorityFeePerGas: '0x55',
      paymaster,
      paymasterData: '0xabcdef',
      paymasterVerificationGasLimit: '0x66',
      paymasterPostOpGasLimit: '0x0',
    }),
    pm_getPaymasterStubData: () => ({
      paymaster,
      paymasterData: '0x01',
      paymasterVerificationGasLimit: '0x66',
      paymasterPostOpGasLimit: '0x0',
    }),
    pm_getPaymasterData: () => ({ paymaster, paymasterData: '0x02' }),
    eth_sendUserOperation: () => `0x${'ee'.repeat(32)}`,
    eth_getTransactionCount: () => '0x3',
  }
  const transport = custom(
    {
      async request({ method, params }: { method: string; params: unknown }) {
        requests.push({ method, params })
        const answer = answers[method]
        if (!answer) throw Object.assign(new Error(`unexpected ${method}`), { code: -32601 })
        return answer(params)
      },
    },
    { retryCount: 0 },
  )
  /** The params of the first request of `method`; throws when there was none. */
  const paramsOf = (method: string) => {
    const request = requests.find((entry) => entry.method === method)
    if (!request) throw new Error(`no ${method} request`)
    return request.params as unknown[]
  }
  return { requests, transport, paramsOf }
}

const account = (gateway = createGateway()) =>
  toLightAccount({
    client: createPublicClient({ chain: sigilDevnet, transport: gateway.transport }),
    owner,
    accountAddress,
  })

describe('createSmartAccountClient', () => {
  test('default: fees from the gateway estimator (× the default options), gas from the bundler', async () => {
    const gateway = createGateway()
    const client = createSmartAccountClient({
      account: await account(gateway),
      chain: sigilDevnet,
      transport: gateway.transport,
    })
    expect(await client.sendUserOperation({ calls: [{ to: target, value: 1n }] })).toBe(
      `0x${'ee'.repeat(32)}`,
    )
    const sent = gateway.paramsOf('eth_sendUserOperation')
    const [operation, entryPoint] = sent as [Record<string, Hex>, Hex]
    expect(entryPoint).toBe('0x0000000071727De22E5E9d8BAf0edAc6f37da032')
    // priority 100 × 1.05 = 105; max fee (1000 × 1.5 + 105) × 1.5 = 2408 (rounded up)
    expect(operation).toMatchObject({
      maxPriorityFeePerGas: '0x69',
      maxFeePerGas: '0x968',
      callGasLimit: '0x1000',
      verificationGasLimit: '0x2000',
      preVerificationGas: '0x3000',
      factory: '0x0000000000400CdFef5E2714E63d8040b700BC24',
    })
    expect(operation.signature?.slice(0, 4)).toBe('0x00')
    expect(
      gateway.requests.some(({ method }) => method.startsWith('alchemy_') || method.startsWith('pm_')),
    ).toBe(false)
  })

  test('behavior: with a policyId, one alchemy_requestGasAndPaymasterAndData fills gas, fees and paymaster', async () => {
    const gateway = createGateway()
    const lightAccount = await account(gateway)
    const client = createSmartAccountClient({
      account: lightAccount,
      chain: sigilDevnet,
      transport: gateway.transport,
      policyId: 'policy-1',
    })
    await client.sendUserOperation({ calls: [{ to: target }] })
    const methods = gateway.requests.map(({ method }) => method)
    expect(methods).not.toContain('eth_estimateUserOperationGas')
    expect(methods).not.toContain('rundler_maxPriorityFeePerGas')
    const sponsor = gateway.paramsOf('alchemy_requestGasAndPaymasterAndData')
    const [request] = sponsor as [Record<string, unknown>]
    expect(request).toEqual({
      policyId: 'policy-1',
      entryPoint: '0x0000000071727De22E5E9d8BAf0edAc6f37da032',
      userOperation: expect.objectContaining({
        sender: accountAddress,
        nonce: '0x0',
        callGasLimit: '0x0',
        maxFeePerGas: '0x0',
        signature: await lightAccount.getStubSignature(),
      }),
      dummySignature: await lightAccount.getStubSignature(),
      overrides: { maxFeePerGas: { multiplier: 1.5 }, maxPriorityFeePerGas: { multiplier: 1.05 } },
    })
    const sent = gateway.paramsOf('eth_sendUserOperation')
    expect((sent as [Record<string, Hex>])[0]).toMatchObject({
      callGasLimit: '0x11',
      verificationGasLimit: '0x22',
      preVerificationGas: '0x33',
      maxFeePerGas: '0x44',
      maxPriorityFeePerGas: '0x55',
      paymaster,
      paymasterData: '0xabcdef',
      paymasterVerificationGasLimit: '0x66',
      paymasterPostOpGasLimit: '0x0',
    })
  })

  test('behavior: a caller-set value is sent as an absolute override', async () => {
    const gateway = createGateway()
    const client = createSmartAccountClient({
      account: await account(gateway),
      chain: sigilDevnet,
      transport: gateway.transport,
      policyId: 'policy-1',
    })
    await client.sendUserOperation({ calls: [{ to: target }], callGasLimit: 50_000n })
    const sponsor = gateway.paramsOf('alchemy_requestGasAndPaymasterAndData')
    expect((sponsor as [{ overrides: unknown }])[0].overrides).toEqual({
      maxFeePerGas: { multiplier: 1.5 },
      maxPriorityFeePerGas: { multiplier: 1.05 },
      callGasLimit: '0xc350',
    })
  })

  test("behavior: paymasterMode 'erc7677' asks pm_getPaymasterStubData / pm_getPaymasterData with { policyId }", async () => {
    const gateway = createGateway()
    const client = createSmartAccountClient({
      account: await account(gateway),
      chain: sigilDevnet,
      transport: gateway.transport,
      policyId: 'policy-2',
      paymasterMode: 'erc7677',
    })
    await client.sendUserOperation({ calls: [{ to: target }] })
    const stub = gateway.paramsOf('pm_getPaymasterStubData')
    const [, entryPoint, chainId, context] = stub as unknown[]
    expect([entryPoint, chainId, context]).toEqual([
      '0x0000000071727De22E5E9d8BAf0edAc6f37da032',
      '0x7a69',
      { policyId: 'policy-2' },
    ])
    expect(gateway.requests.map(({ method }) => method)).toContain('pm_getPaymasterData')
    const sent = gateway.paramsOf('eth_sendUserOperation')
    expect((sent as [Record<string, Hex>])[0]).toMatchObject({ paymaster, paymasterData: '0x02' })
  })

  test('behavior: a 7702 account not yet delegated sends an authorization signed by the owner', async () => {
    const gateway = createGateway()
    const account = await toModularAccountV2({
      client: createPublicClient({ chain: sigilDevnet, transport: gateway.transport }),
      owner,
      mode: '7702',
    })
    const client = createSmartAccountClient({ account, chain: sigilDevnet, transport: gateway.transport })
    await client.sendUserOperation({ calls: [{ to: target }] })
    const [operation] = gateway.paramsOf('eth_sendUserOperation') as [
      Record<string, Hex> & { eip7702Auth: Record<string, Hex> },
    ]
    expect(operation.sender).toBe(owner.address)
    expect(operation.factory).toBeUndefined()
    const { eip7702Auth } = operation
    expect(eip7702Auth).toMatchObject({
      address: defaultAddresses.modularAccountV2.semiModularAccount7702,
      chainId: '0x7a69',
      nonce: '0x3',
    })
    const signer = await recoverAuthorizationAddress({
      authorization: {
        address: eip7702Auth.address as Hex,
        chainId: 31337,
        nonce: 3,
        r: eip7702Auth.r as Hex,
        s: eip7702Auth.s as Hex,
        yParity: Number(eip7702Auth.yParity),
      },
    })
    expect(signer).toBe(owner.address)
  })

  test('behavior: the gateway URL comes from the chain (defineSigilChain)', async () => {
    const chain = defineSigilChain({ chain: sigilDevnet, serverUrl: 'http://127.0.0.1:9/' })
    const client = createSmartAccountClient({ account: await account(), chain })
    expect(client.transport.url).toBe('http://127.0.0.1:9/rpc/31337')
    expect(client.publicClient.transport.url).toBe('http://127.0.0.1:9/rpc/31337')
  })

  test('error: No chain supplied to the client', async () => {
    expect(() => createSmartAccountClient({ account: {} as never, chain: undefined })).toThrow(
      'No chain supplied to the client',
    )
  })

  test('error: Invalid RPC URL when the chain carries no gateway URL or a bad one', async () => {
    const lightAccount = await account()
    expect(() => createSmartAccountClient({ account: lightAccount, chain: mainnet })).toThrow(
      'Invalid RPC URL',
    )
    expect(() => createSmartAccountClient({ account: lightAccount, chain: mainnet, rpcUrl: 'nope' })).toThrow(
      'Invalid RPC URL',
    )
    expect(() =>
      createSmartAccountClient({
        account: lightAccount,
        chain: mainnet,
        transport: http('http://127.0.0.1:9'),
      }),
    ).not.toThrow()
  })

  test('error: invalid retry and fee settings', async () => {
    const lightAccount = await account()
    const base = { account: lightAccount, chain: sigilDevnet, transport: createGateway().transport }
    expect(() => createSmartAccountClient({ ...base, opts: { txMaxRetries: -1 } })).toThrow(
      'txMaxRetries must be a non-negative number',
    )
    expect(() =>
      createSmartAccountClient({ ...base, feeOptions: { maxFeePerGas: { multiplier: 1.23456 } } }),
    ).toThrow('Max precision is 4 decimal places')
  })
})
