// @sigil-test own-process
import type { Address, Hex } from 'viem'
import { zeroAddress } from 'viem'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { createProviderTestbed, type ProviderUnderTest } from '../test/createProviderTestbed.js'

/**
 * docs/provider.md's ERC-5792 lines against the real server and the devnet, the provider acting as the
 * signed-in user's smart account: capabilities per chain, viem's `sendCalls` / `waitForCallsStatus` over
 * `custom(provider)` sponsored by the app's policy (the account's balance stays 0) to status 200 with the
 * receipt, app-given ids (reserved before sending: a duplicate is never sent, counted in the policy's
 * sponsored operations), and each refusal's code.
 */

let bed: Awaited<ReturnType<typeof createProviderTestbed>>
let signedIn: ProviderUnderTest & { account: Address }
beforeAll(async () => {
  bed = await createProviderTestbed()
  signedIn = await bed.signedInProvider('calls')
}, 120_000)
afterAll(() => bed?.cleanup())

const dead = '0x000000000000000000000000000000000000dEaD'
const wallet = () => bed.walletClient(signedIn.provider)

describe('ERC-5792: wallet_getCapabilities, wallet_sendCalls, wallet_getCallsStatus, wallet_showCallsStatus', () => {
  test('default: capabilities per chain; viem sendCalls (sponsored, atomic) reaches status 200 with the receipt; showCallsStatus hands the status to the app', async () => {
    const { provider, account } = signedIn
    expect(await provider.request({ method: 'wallet_getCapabilities', params: [account] })).toEqual({
      '0x7a69': { atomic: { status: 'supported' }, paymasterService: { supported: true } },
      '0x7a6a': { atomic: { status: 'supported' } },
    })
    expect(
      await provider.request({ method: 'wallet_getCapabilities', params: [account, ['0x7a6a']] }),
    ).toEqual({
      '0x7a6a': { atomic: { status: 'supported' } },
    })
    const { id } = await wallet().sendCalls({
      account,
      forceAtomic: true,
      calls: [
        { to: dead, value: 0n },
        { to: zeroAddress, data: '0xabcd' },
      ],
      capabilities: { paymasterService: { url: 'https://ignored.example' } },
    })
    const status = await wallet().waitForCallsStatus({ id, pollingInterval: 100, timeout: 60_000 })
    expect(status).toMatchObject({
      status: 'success',
      statusCode: 200,
      atomic: true,
      chainId: 31337,
      version: '2.0.0',
    })
    const raw = (await provider.request({ method: 'wallet_getCallsStatus', params: [id] })) as {
      receipts: { transactionHash: Hex; status: Hex }[]
    }
    expect(raw).toMatchObject({ version: '2.0.0', id, chainId: '0x7a69', status: 200, atomic: true })
    expect(raw.receipts).toHaveLength(1)
    expect(raw.receipts[0]!.status).toBe('0x1')
    expect((await bed.node.getTransactionReceipt({ hash: raw.receipts[0]!.transactionHash })).status).toBe(
      'success',
    )
    expect(await bed.node.getBalance({ address: account })).toBe(0n)
    // The id is the user operation's hash: a provider that did not send it still answers it from the bundler.
    expect(
      await bed.createProvider().provider.request({ method: 'wallet_getCallsStatus', params: [id] }),
    ).toMatchObject({ id, status: 200, atomic: true })

    const shown: unknown[] = []
    const showing = bed.createProvider({ showCallsStatus: (each) => void shown.push(each) })
    await bed.testbed.signIn(showing.config, bed.nextEmail('show'))
    expect(await showing.provider.request({ method: 'wallet_showCallsStatus', params: [id] })).toBeNull()
    expect(shown).toEqual([expect.objectContaining({ id, status: 200 })])
  })

  test('behavior: an app id is kept; the same id, even sent at the same time, is 5720 and never sent (one sponsored operation); an optional unknown capability is ignored', async () => {
    const { provider, account } = signedIn
    const sponsored = async () =>
      (
        await bed.testbed.server.app.sigil.store.db
          .selectFrom('sponsor_operations')
          .selectAll()
          .where('policy_id', '=', bed.testbed.policy.id)
          .execute()
      ).length
    const before = await sponsored()
    const request = {
      version: '2.0.0',
      id: 'order-42',
      chainId: '0x7a69',
      from: account,
      atomicRequired: true,
      calls: [{ to: dead, value: '0x0' }],
      capabilities: { auxiliaryFunds: { optional: true } },
    }
    const send = () => provider.request({ method: 'wallet_sendCalls', params: [request] })
    const both = await Promise.allSettled([send(), send()])
    expect(both.filter((each) => each.status === 'fulfilled').map((each) => each.value)).toEqual([
      { id: 'order-42' },
    ])
    expect(both.filter((each) => each.status === 'rejected').map((each) => each.reason.code)).toEqual([5720])
    await vi.waitFor(
      async () =>
        expect(
          await provider.request({ method: 'wallet_getCallsStatus', params: ['order-42'] }),
        ).toMatchObject({
          status: 200,
        }),
      { timeout: 60_000, interval: 100 },
    )
    await expect(send()).rejects.toMatchObject({ code: 5720 })
    expect(await sponsored()).toBe(before + 1)
  })

  test('error: 5700 unsupported capability, 5710 another chain, 5740 over 100 calls, -32602 v1 format, 5730 unknown id, 4200 showCallsStatus without a hook, 4100 another address', async () => {
    const { provider, account } = signedIn
    const base = {
      version: '2.0.0',
      chainId: '0x7a69',
      from: account,
      atomicRequired: true,
      calls: [{ to: dead }],
    }
    const send = (request: object) => provider.request({ method: 'wallet_sendCalls', params: [request] })
    await expect(send({ ...base, capabilities: { auxiliaryFunds: {} } })).rejects.toMatchObject({
      code: 5700,
    })
    await expect(
      send({ ...base, calls: [{ to: dead, capabilities: { flowControl: {} } }] }),
    ).rejects.toMatchObject({ code: 5700 })
    await expect(send({ ...base, chainId: '0x7a6a' })).rejects.toMatchObject({ code: 5710 })
    await expect(send({ ...base, chainId: '0x1' })).rejects.toMatchObject({ code: 5710 })
    await expect(
      send({ ...base, calls: Array.from({ length: 101 }, () => ({ to: dead })) }),
    ).rejects.toMatchObject({ code: 5740 })
    await expect(send({ ...base, version: '1.0' })).rejects.toMatchObject({ code: -32602 })
    await expect(send({ ...base, from: dead })).rejects.toMatchObject({ code: 4100 })
    await expect(
      provider.request({ method: 'wallet_getCallsStatus', params: ['nope'] }),
    ).rejects.toMatchObject({ code: 5730 })
    await expect(
      provider.request({ method: 'wallet_getCallsStatus', params: [`0x${'11'.repeat(32)}`] }),
    ).rejects.toMatchObject({ code: 5730 })
    await expect(
      provider.request({ method: 'wallet_showCallsStatus', params: ['nope'] }),
    ).rejects.toMatchObject({ code: 4200 })
    await expect(
      provider.request({ method: 'wallet_getCapabilities', params: [dead] }),
    ).rejects.toMatchObject({ code: 4100 })
  })
})
