import { startTestChain } from '@sigil/devnet'
import { ApiKeyStamper } from '@turnkey/api-key-stamper'
import { TurnkeySigner } from '@turnkey/ethers'
import { TurnkeyClient } from '@turnkey/http'
import type { TurnkeyApiClient } from '@turnkey/sdk-server'
import { createAccount } from '@turnkey/viem'
import {
  verifyMessage as ethersVerifyMessage,
  verifyTypedData as ethersVerifyTypedData,
  JsonRpcProvider,
  Transaction,
} from 'ethers'
import {
  createWalletClient,
  custom,
  type Hex,
  http as httpTransport,
  keccak256,
  type LocalAccount,
  parseTransaction,
  recoverTransactionAddress,
  serializeTransaction,
  type TransactionSerializable,
  verifyMessage,
  verifyTypedData,
} from 'viem'
import { anvil } from 'viem/chains'
import { recoverAuthorizationAddress } from 'viem/utils'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { mail } from '../../src/kms/signing/typedData.vectors.js'
import type { TestServer } from '../../src/test/createTestServer.js'
import type { UserSubOrganization } from '../../src/test/createUserSubOrganization.js'
import type { LocalListener } from '../../src/test/serveOnLocalPort.js'
import { startTurnkeyTestbed, type TurnkeyTestbed } from './startTurnkeyTestbed.js'

/**
 * Issue 17: `@turnkey/viem` 0.14 and `@turnkey/ethers` 1.3, unmodified, sign Ethereum transactions
 * through Sigil's `sign_transaction` (docs/protocol.md#sign-transaction), over a real listener. The
 * signed transactions are checked by recovering their sender, not by trusting the server.
 */

const to = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const delegate = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const chainId = 31_337

/**
 * `@turnkey/viem` and `@turnkey/ethers` type `client` with their own, older copies of `@turnkey/http`
 * and `@turnkey/sdk-server`; at run time they only call the client's methods (and tell an HTTP client
 * by its `name`), so the current clients are passed through these types.
 */
type ViemClient = Parameters<typeof createAccount>[0]['client']
type EthersClient = ConstructorParameters<typeof TurnkeySigner>[0]['client']
type EthersProvider = ConstructorParameters<typeof TurnkeySigner>[1]

describe('@turnkey/viem and @turnkey/ethers against Sigil', () => {
  let testbed: TurnkeyTestbed
  let server: TestServer
  let listener: LocalListener
  let user: UserSubOrganization
  let api: TurnkeyApiClient
  let http: TurnkeyClient
  let account: LocalAccount

  beforeAll(async () => {
    testbed = await startTurnkeyTestbed({ email: 'eve@example.com', name: 'eve' })
    ;({ server, listener, user, api } = testbed)
    http = new TurnkeyClient(
      { baseUrl: listener.url },
      new ApiKeyStamper({ apiPublicKey: user.key.publicKey, apiPrivateKey: user.key.privateKey }),
    )
    account = await createAccount({
      client: api as unknown as ViemClient,
      organizationId: user.organizationId,
      signWith: user.ethereumAddress,
    })
  })
  afterAll(async () => {
    await testbed?.close()
  })

  const transactions: [string, TransactionSerializable][] = [
    [
      'legacy (EIP-155)',
      { type: 'legacy', chainId, nonce: 0, gasPrice: 1_000_000_000n, gas: 21_000n, to, value: 1n },
    ],
    ['legacy without chain id', { type: 'legacy', nonce: 7, gasPrice: 2n, gas: 21_000n, to, value: 0n }],
    [
      'EIP-2930',
      {
        type: 'eip2930',
        chainId,
        nonce: 1,
        gasPrice: 3n,
        gas: 30_000n,
        to,
        accessList: [{ address: delegate, storageKeys: [keccak256('0x01')] }],
      },
    ],
    [
      'EIP-1559',
      {
        type: 'eip1559',
        chainId,
        nonce: 2,
        maxFeePerGas: 20_000_000_000n,
        maxPriorityFeePerGas: 1_000_000_000n,
        gas: 50_000n,
        to,
        value: 10n ** 18n,
        data: '0xa9059cbb',
      },
    ],
  ]

  test.each(transactions)(
    '@turnkey/viem createAccount: viem signTransaction (%s) recovers to the account',
    async (_, transaction) => {
      const signed = await account.signTransaction!(transaction)
      expect(await recoverTransactionAddress({ serializedTransaction: signed as never })).toBe(
        user.ethereumAddress,
      )
      // The same transaction came back, with a signature added.
      const { r, s, v, yParity, ...unsigned } = parseTransaction(signed)
      expect(serializeTransaction(unsigned as TransactionSerializable)).toBe(
        serializeTransaction(transaction),
      )
      expect(r).toMatch(/^0x[0-9a-f]{1,64}$/)
    },
  )

  test('@turnkey/viem createAccount: viem signAuthorization then signTransaction (EIP-7702)', async () => {
    const authorization = await account.signAuthorization!({ address: delegate, chainId, nonce: 4 })
    expect(await recoverAuthorizationAddress({ authorization })).toBe(user.ethereumAddress)
    const signed = await account.signTransaction!({
      type: 'eip7702',
      chainId,
      nonce: 3,
      maxFeePerGas: 2n,
      maxPriorityFeePerGas: 1n,
      gas: 100_000n,
      to: user.ethereumAddress as Hex,
      authorizationList: [authorization],
    })
    expect(signed.slice(0, 4)).toBe('0x04')
    expect(await recoverTransactionAddress({ serializedTransaction: signed as never })).toBe(
      user.ethereumAddress,
    )
    expect(parseTransaction(signed).authorizationList).toEqual([
      expect.objectContaining({ address: delegate.toLowerCase(), chainId, nonce: 4 }),
    ])
  })

  test('@turnkey/viem and @turnkey/ethers: transactions they send land on anvil (EIP-1559, legacy, EIP-7702)', async () => {
    const chain = await startTestChain()
    try {
      const address = user.ethereumAddress as Hex
      await chain.client.setBalance({ address, value: 10n ** 18n })
      const before = await chain.client.getBalance({ address: to })
      const wallet = createWalletClient({ account, chain: anvil, transport: httpTransport(chain.rpcUrl) })
      const receipt = async (hash: Hex) => {
        const { status, from } = await chain.client.waitForTransactionReceipt({ hash })
        return { status, from }
      }
      const landed = { status: 'success', from: address.toLowerCase() }
      expect(await receipt(await wallet.sendTransaction({ to, value: 1n }))).toEqual(landed)
      expect(await receipt(await wallet.sendTransaction({ to, value: 2n, type: 'legacy' }))).toEqual(landed)
      const authorization = await wallet.signAuthorization({ contractAddress: delegate, executor: 'self' })
      const hash = await wallet.sendTransaction({ to, authorizationList: [authorization] })
      expect(await receipt(hash)).toEqual(landed)
      expect(await chain.client.getCode({ address })).toBe(`0xef0100${delegate.slice(2).toLowerCase()}`)
      const signer = new TurnkeySigner(
        { client: http as unknown as EthersClient, organizationId: user.organizationId, signWith: address },
        // @turnkey/ethers is typed against ethers' CommonJS build, this file gets the ESM one: same class.
        new JsonRpcProvider(chain.rpcUrl, chainId, { staticNetwork: true }) as unknown as EthersProvider,
      )
      const sent = await signer.sendTransaction({ to, value: 4n })
      expect(await receipt(sent.hash as Hex)).toEqual(landed)
      expect((await chain.client.getBalance({ address: to })) - before).toBe(7n)
    } finally {
      await chain.stop()
    }
  })

  test('@turnkey/viem createAccount with @turnkey/http: signTransaction, signMessage, signTypedData', async () => {
    const viaHttp = await createAccount({
      client: http as unknown as ViemClient,
      organizationId: user.organizationId,
      signWith: user.ethereumAddress,
    })
    const signed = await viaHttp.signTransaction!(transactions[3]![1])
    expect(await recoverTransactionAddress({ serializedTransaction: signed as never })).toBe(
      user.ethereumAddress,
    )
    const address = user.ethereumAddress as Hex
    const signature = await viaHttp.signMessage({ message: 'Sigil speaks Turnkey' })
    expect(await verifyMessage({ address, message: 'Sigil speaks Turnkey', signature })).toBe(true)
    // viem's action adds the EIP712Domain type before it hands typed data to a custom account.
    const wallet = createWalletClient({
      account: viaHttp,
      transport: custom({ request: () => Promise.reject(new Error('no node needed')) }),
    })
    const typed = await wallet.signTypedData(mail)
    expect(await verifyTypedData({ ...mail, address, signature: typed })).toBe(true)
  })

  test('@turnkey/ethers TurnkeySigner: signTransaction (type 0, 1, 2) recovers to the account', async () => {
    const signer = new TurnkeySigner({
      client: http as unknown as EthersClient,
      organizationId: user.organizationId,
      signWith: user.ethereumAddress,
    })
    expect(await signer.getAddress()).toBe(user.ethereumAddress)
    const base = { chainId, to, value: 5n, gasLimit: 21_000n }
    for (const request of [
      { ...base, type: 0, nonce: 0, gasPrice: 7n },
      { ...base, type: 1, nonce: 1, gasPrice: 7n, accessList: [{ address: delegate, storageKeys: [] }] },
      { ...base, type: 2, nonce: 2, maxFeePerGas: 9n, maxPriorityFeePerGas: 1n, from: user.ethereumAddress },
    ]) {
      const signed = Transaction.from(await signer.signTransaction(request))
      expect(signed.from).toBe(user.ethereumAddress)
      expect({ type: signed.type, nonce: signed.nonce, value: signed.value, to: signed.to }).toEqual({
        type: request.type,
        nonce: request.nonce,
        value: 5n,
        to,
      })
    }
  })

  test('@turnkey/ethers TurnkeySigner: signMessage and signTypedData verify with ethers', async () => {
    const signer = new TurnkeySigner({
      client: api as unknown as EthersClient,
      organizationId: user.organizationId,
      signWith: user.ethereumAddress,
    })
    const signature = await signer.signMessage('Sigil speaks Turnkey')
    expect(ethersVerifyMessage('Sigil speaks Turnkey', signature)).toBe(user.ethereumAddress)
    const { domain, types, message } = mail
    const typed = await signer.signTypedData(domain, types as never, message)
    expect(ethersVerifyTypedData(domain, types as never, message, typed)).toBe(user.ethereumAddress)
    expect(ethersVerifyMessage('another message', signature)).not.toBe(user.ethereumAddress)
  })

  test('@turnkey/sdk-server signTransaction: an EIP-4844 transaction without sidecars', async () => {
    const transaction = {
      type: 'eip4844',
      chainId,
      nonce: 5,
      maxFeePerGas: 3n,
      maxPriorityFeePerGas: 1n,
      maxFeePerBlobGas: 1n,
      gas: 21_000n,
      to,
      blobVersionedHashes: [`0x01${'ab'.repeat(31)}`],
    } as const satisfies TransactionSerializable
    const { signedTransaction } = await api.signTransaction({
      signWith: user.ethereumAddress,
      unsignedTransaction: serializeTransaction(transaction).slice(2),
      type: 'TRANSACTION_TYPE_ETHEREUM',
    })
    expect(signedTransaction).toMatch(/^03[0-9a-f]+$/)
    expect(
      await recoverTransactionAddress({ serializedTransaction: `0x${signedTransaction}` as never }),
    ).toBe(user.ethereumAddress)
  })

  test('error: @turnkey/viem signTransaction with a Solana account is refused with the reason', async () => {
    const wrong = await createAccount({
      client: api as unknown as ViemClient,
      organizationId: user.organizationId,
      signWith: user.solanaAddress,
      ethereumAddress: user.ethereumAddress,
    })
    await expect(wrong.signTransaction!(transactions[0]![1])).rejects.toThrow(
      /TRANSACTION_TYPE_ETHEREUM is signed by a CURVE_SECP256K1 account/,
    )
  })

  test('error: sign_transaction refuses a signed, a non-canonical or a garbled transaction', async () => {
    const signed = (await account.signTransaction!(transactions[3]![1])).slice(2)
    const legacy = serializeTransaction(transactions[0]![1]).slice(2)
    for (const [unsignedTransaction, reason] of [
      [signed, /already signed/],
      [`${legacy}00`, /invalid unsignedTransaction: TRANSACTION_TYPE_ETHEREUM/],
      ['02zz', /even number of hex digits/],
      ['7f01', /invalid unsignedTransaction/],
    ] as const) {
      const response = await server.submit(
        'sign_transaction',
        'ACTIVITY_TYPE_SIGN_TRANSACTION_V2',
        { signWith: user.ethereumAddress, unsignedTransaction, type: 'TRANSACTION_TYPE_ETHEREUM' },
        { organizationId: user.organizationId, key: user.key },
      )
      expect(response.status).toBe(400)
      const body = (await response.json()) as { error: string; code: number }
      expect(body.code).toBe(3)
      expect(body.error).toMatch(reason)
    }
  })
})
