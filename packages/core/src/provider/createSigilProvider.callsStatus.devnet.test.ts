// @sigil-test own-process
import { type Address, createTestClient, type Hex, http } from 'viem'
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { sigilDevnet } from '../chains/sigilDevnet.js'
import { createProviderTestbed, type ProviderUnderTest } from '../test/createProviderTestbed.js'

/**
 * docs/provider.md's `wallet_getCallsStatus` failure codes for the smart account, against the real server and
 * the devnet: a user operation that the bundler accepts and whose call then reverts on chain is 500 (the
 * node's automine is paused while the target's code changes under the waiting bundle, as another
 * transaction could change it); one that the bundler refuses is the request's error, so no bundle and no 400:
 * the app's id is freed and can be sent again.
 */

let bed: Awaited<ReturnType<typeof createProviderTestbed>>
let signedIn: ProviderUnderTest & { account: Address }
let anvil: ReturnType<typeof createAnvilClient>
const createAnvilClient = (rpcUrl: string) =>
  createTestClient({ mode: 'anvil', chain: sigilDevnet, transport: http(rpcUrl) })
beforeAll(async () => {
  bed = await createProviderTestbed()
  anvil = createAnvilClient(bed.testbed.devnet.rpcUrl)
  signedIn = await bed.signedInProvider('status')
}, 120_000)
afterAll(() => bed?.cleanup())

/** `PUSH0 PUSH0 REVERT`: every call to it reverts. */
const reverting = '0x5f5ffd'
const freshAddress = () => privateKeyToAddress(generatePrivateKey())

describe('wallet_getCallsStatus when a bundle fails (smart account)', () => {
  test('behavior: a user operation whose call reverts on chain is 500 with its receipt (status 0x0); the account pays nothing', async () => {
    const { provider, account } = signedIn
    const target = freshAddress() // no code yet: the call succeeds in the bundler's simulation
    const getStatus = (id: string) =>
      provider.request({ method: 'wallet_getCallsStatus', params: [id] }) as Promise<{
        status: number
        atomic: boolean
        receipts?: { status: Hex; transactionHash: Hex }[]
      }>
    await anvil.setAutomine(false)
    let id: string
    try {
      ;({ id } = (await provider.request({
        method: 'wallet_sendCalls',
        params: [
          {
            version: '2.0.0',
            chainId: '0x7a69',
            from: account,
            atomicRequired: true,
            calls: [{ to: target, data: '0x01' }],
          },
        ],
      })) as { id: string })
      // The bundler's transaction waits in the node's pool; the target's code changes before it is mined.
      await vi.waitFor(async () => expect((await anvil.getTxpoolStatus()).pending).toBeGreaterThan(0), {
        timeout: 30_000,
        interval: 50,
      })
      expect(await getStatus(id)).toMatchObject({ status: 100, atomic: true })
      await anvil.setCode({ address: target, bytecode: reverting })
      await anvil.mine({ blocks: 1 })
    } finally {
      await anvil.setAutomine(true)
    }
    await vi.waitFor(async () => expect((await getStatus(id)).status).toBe(500), {
      timeout: 30_000,
      interval: 100,
    })
    const status = await getStatus(id)
    expect(status).toMatchObject({ atomic: true, receipts: [{ status: '0x0' }] })
    // The bundle's transaction itself succeeded: the operation inside it failed.
    const hash = status.receipts![0]!.transactionHash
    expect((await bed.node.getTransactionReceipt({ hash })).status).toBe('success')
    expect(await bed.node.getBalance({ address: account })).toBe(0n)
  })

  test('error: a bundle the bundler refuses (its call reverts in simulation) is the request’s error, not a 400 bundle; its id is freed', async () => {
    const { provider, account } = signedIn
    const target = freshAddress()
    await anvil.setCode({ address: target, bytecode: reverting })
    const request = {
      version: '2.0.0',
      id: 'refused-once',
      chainId: '0x7a69',
      from: account,
      atomicRequired: true,
      calls: [{ to: target, data: '0x01' }],
    }
    const send = () => provider.request({ method: 'wallet_sendCalls', params: [request] })
    const refused = await send().catch((error: { code?: unknown }) => error)
    expect(refused).toMatchObject({ code: expect.any(Number) })
    await expect(
      provider.request({ method: 'wallet_getCallsStatus', params: ['refused-once'] }),
    ).rejects.toMatchObject({ code: 5730 })
    await anvil.setCode({ address: target, bytecode: '0x' })
    expect(await send()).toEqual({ id: 'refused-once' })
    await vi.waitFor(
      async () =>
        expect(
          await provider.request({ method: 'wallet_getCallsStatus', params: ['refused-once'] }),
        ).toMatchObject({ status: 200 }),
      { timeout: 60_000, interval: 100 },
    )
  })
})
