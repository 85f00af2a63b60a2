// @vitest-environment happy-dom
import { authenticate, SolanaNotReadyError, sigilDevnet } from '@sigil/core'
import { createMemoryStorage, SolanaRpcError } from '@sigil/signer'
import { type Address, createNoopSigner, generateKeyPairSigner } from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'
import { act, cleanup, renderHook, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterAll, afterEach, beforeAll, expect, test } from 'vitest'
import { waitForSignerStatus } from '../../../core/src/test/createCoreTestbed.js'
import { readMailboxCode } from '../../../server/src/auth/email/test/readMailboxCode.js'
import { createNodeFrameStamper } from '../../../signer/src/test/createNodeFrameStamper.js'
import { testRpcUrl } from '../../../signer/src/test/createSignerTestbed.js'
import { type SolanaTestbed, startSolanaTestbed } from '../../../signer/test/solana/startSolanaTestbed.js'
import { createConfig } from '../context/createConfig.js'
import { SigilSolanaContext, type SigilSolanaContextValue } from '../solana/SigilSolanaContext.js'
import { createSigilWrapper } from '../test/createSigilWrapper.js'
import { useSolanaTransaction } from './useSolanaTransaction.js'

/**
 * The hook against the real stack: the local Solana runtime, the Sigil server (reached in process, as a
 * DOM test environment cannot serve HTTP; the server reaches the runtime over HTTP) with its gateway and
 * vault-held fee payer, and a user signed in by email whose Sigil Solana signer signs.
 */
let testbed: SolanaTestbed
beforeAll(async () => {
  testbed = await startSolanaTestbed()
}, 60_000)
afterEach(() => cleanup())
afterAll(() => testbed?.stop())

const signatureFee = 5_000n
const balance = (address: string) => testbed.devnet.getBalance(address)

/** A config on the testbed's server, signed in as `email` (funded with 1 SOL) unless `signIn` is false. */
async function signedInConfig(email: string, { signIn = true } = {}) {
  const { server, signers } = testbed
  const config = createConfig({
    connection: { rpcUrl: testRpcUrl, apiKey: server.signerApp.apiKey },
    chain: sigilDevnet,
    stamper: createNodeFrameStamper(),
    fetch: signers.fetch,
    window: new EventTarget(),
    sessionConfig: { storage: createMemoryStorage() },
    storage: () => createMemoryStorage(),
  })
  if (!signIn) return { config, solanaAddress: undefined }
  const pending = authenticate(config, { type: 'email', email })
  await waitForSignerStatus(config, 'AWAITING_EMAIL_AUTH')
  const user = await authenticate(config, { type: 'otp', otpCode: await readMailboxCode(server, email) })
  await pending
  await testbed.devnet.airdrop(user.solanaAddress!, 1_000_000_000n)
  return { config, solanaAddress: user.solanaAddress as Address }
}

/** The hook inside `<SigilProvider>` and, when given, `SigilSolanaContext`. */
function renderTransactionHook(
  config: Awaited<ReturnType<typeof signedInConfig>>['config'],
  solanaContext: SigilSolanaContextValue | null,
  options: Parameters<typeof useSolanaTransaction>[0] = {},
) {
  const Sigil = createSigilWrapper(config)
  const wrapper = ({ children }: { children: ReactNode }) => (
    <Sigil>
      <SigilSolanaContext.Provider value={solanaContext}>{children}</SigilSolanaContext.Provider>
    </Sigil>
  )
  return renderHook(() => useSolanaTransaction(options), { wrapper })
}

test('default: an unsponsored SOL transfer lands; data.hash is its signature; the user pays amount + fee', async () => {
  const { config, solanaAddress } = await signedInConfig('unsponsored@example.com')
  const { result } = renderTransactionHook(config, null, { connection: testbed.inProcessConnection })
  await waitFor(() => expect(result.current.signer?.address).toBe(solanaAddress))
  expect(result.current.connection).toEqual(testbed.inProcessConnection)
  const recipient = (await generateKeyPairSigner()).address
  const before = balance(solanaAddress!)

  act(() => result.current.mutate({ transfer: { amount: 1_000_000, toAddress: recipient } }))
  await waitFor(() => expect(result.current.data).toBeDefined(), { timeout: 20_000 })
  expect(result.current.data!.hash).toMatch(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/)
  expect(result.current).toMatchObject({ isPending: false, error: null })
  expect(balance(recipient)).toBe(1_000_000n)
  expect(before - balance(solanaAddress!)).toBe(1_000_000n + signatureFee)
})

test("default: sponsored with the context's policy: the fee payer pays the whole fee, the user only the amount", async () => {
  const { config, solanaAddress } = await signedInConfig('sponsored@example.com')
  const { result } = renderTransactionHook(config, {
    connection: testbed.inProcessConnection,
    policyId: testbed.policyId,
  })
  await waitFor(() => expect(result.current.signer).toBeDefined())
  const recipient = (await generateKeyPairSigner()).address
  const before = { user: balance(solanaAddress!), feePayer: balance(testbed.feePayer) }

  const { hash } = await act(() =>
    result.current.mutateAsync({
      instructions: [
        getTransferSolInstruction({
          source: createNoopSigner(solanaAddress!),
          destination: recipient,
          amount: 2_500_000n,
        }),
      ],
    }),
  )
  await waitFor(() => expect(result.current.data).toEqual({ hash }))
  expect(balance(recipient)).toBe(2_500_000n)
  expect(before.user - balance(solanaAddress!)).toBe(2_500_000n)
  expect(before.feePayer - balance(testbed.feePayer)).toBe(2n * signatureFee)
})

test("error: a policy refusal is the hook's error, with the policy's message", async () => {
  const policy = await testbed.createPolicy({ maxTransactionsPerUserPerDay: 1 })
  const { config } = await signedInConfig('refused@example.com')
  const { result } = renderTransactionHook(
    config,
    { connection: testbed.inProcessConnection },
    {
      policyId: policy.id,
    },
  )
  await waitFor(() => expect(result.current.signer).toBeDefined())
  const toAddress = (await generateKeyPairSigner()).address
  await act(() => result.current.mutateAsync({ transfer: { amount: 1_000_000n, toAddress } }))
  await act(() =>
    result.current.mutateAsync({ transfer: { amount: 1_000_000n, toAddress } }).catch(() => undefined),
  )
  await waitFor(() => expect(result.current.error).toBeInstanceOf(SolanaRpcError))
  expect(result.current.error!.message).toBe(`Policy ${policy.id} allows 1 transaction per user per day`)

  act(() => result.current.reset())
  await waitFor(() => expect(result.current.error).toBeNull())
})

test("error: 'Not ready' without a signed-in user, and without a connection", async () => {
  const { config } = await signedInConfig('', { signIn: false })
  const { result } = renderTransactionHook(config, { connection: testbed.inProcessConnection })
  const toAddress = (await generateKeyPairSigner()).address
  await expect(result.current.mutateAsync({ transfer: { amount: 1n, toAddress } })).rejects.toThrow(
    SolanaNotReadyError,
  )
  await waitFor(() => expect(result.current.error?.message).toBe('Not ready'))
  expect(result.current.signer).toBeUndefined()

  const signedIn = await signedInConfig('no-connection@example.com')
  const { result: withoutConnection } = renderTransactionHook(signedIn.config, null)
  await waitFor(() => expect(withoutConnection.current.signer).toBeDefined())
  expect(withoutConnection.current.connection).toBeUndefined()
  await expect(
    withoutConnection.current.mutateAsync({ transfer: { amount: 1n, toAddress } }),
  ).rejects.toThrow('Not ready')
})
