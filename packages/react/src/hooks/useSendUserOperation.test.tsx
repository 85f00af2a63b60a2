// @vitest-environment happy-dom
import { act, cleanup, renderHook, waitFor } from '@testing-library/react'
import { createPublicClient, http, zeroAddress } from 'viem'
import { afterAll, afterEach, beforeAll, expect, test } from 'vitest'
import {
  createSmartAccountTestbed,
  type SmartAccountTestbed,
} from '../../../core/src/test/createSmartAccountTestbed.js'
import { createSponsorPolicy } from '../../../server/src/sponsor/createSponsorPolicy.js'
import { createConfig } from '../context/createConfig.js'
import { SmartAccountClientNotReadyError } from '../context/errors/SmartAccountClientNotReadyError.js'
import { createSigilWrapper } from '../test/createSigilWrapper.js'
import { useSendCalls } from './useSendCalls.js'
import { useSendUserOperation } from './useSendUserOperation.js'
import { useSmartAccountClient } from './useSmartAccountClient.js'
import { useWaitForUserOperationTransaction } from './useWaitForUserOperationTransaction.js'

let testbed: SmartAccountTestbed
beforeAll(async () => {
  testbed = await createSmartAccountTestbed()
}, 60_000)
afterEach(() => cleanup())
afterAll(() => testbed?.cleanup())

const pollingInterval = 50
const recipient = '0x000000000000000000000000000000000000dEaD'
const node = () => createPublicClient({ transport: http(testbed.devnet.rpcUrl) })

/** The hooks of one smart account of the signed-in user, rendered once its client is built. */
async function renderSmartAccountHooks(email: string, policyId?: string) {
  const config = createConfig(testbed.inProcessParameters(policyId ? { policyId } : {}))
  await testbed.signIn(config, email)
  const onSuccess: unknown[] = []
  const { result } = renderHook(
    () => {
      const { client } = useSmartAccountClient({ type: 'LightAccount', pollingInterval })
      return {
        client,
        send: useSendUserOperation({ client, waitForTxn: true, onSuccess: (data) => onSuccess.push(data) }),
        calls: useSendCalls({ client }),
        wait: useWaitForUserOperationTransaction({ client }),
      }
    },
    { wrapper: createSigilWrapper(config) },
  )
  await waitFor(() => expect(result.current.client).toBeDefined())
  return { result, onSuccess }
}

test('default: a sponsored user operation, waited for: the transaction hash; the balance is unchanged', async () => {
  const { result, onSuccess } = await renderSmartAccountHooks('ada@example.com')
  const address = result.current.client!.account.address
  act(() => result.current.send.sendUserOperation({ uo: { target: recipient, data: '0x', value: 0n } }))
  await waitFor(() => expect(result.current.send.isSendingUserOperation).toBe(true))
  await waitFor(() => expect(result.current.send.sendUserOperationResult).toBeDefined(), { timeout: 20_000 })
  const { hash, request } = result.current.send.sendUserOperationResult!
  expect(request.sender).toBe(address)
  expect((await node().getTransactionReceipt({ hash })).status).toBe('success')
  expect(await node().getBalance({ address })).toBe(0n)
  expect(onSuccess).toEqual([result.current.send.sendUserOperationResult])
  expect(result.current.send).toMatchObject({ isSendingUserOperation: false, error: null })
})

test('behavior: sendCalls sends a batch; waitForUserOperationTransaction finds its transaction', async () => {
  const { result } = await renderSmartAccountHooks('grace@example.com')
  const { id } = await act(() =>
    result.current.calls.sendCallsAsync({
      calls: [
        { to: recipient, value: 0n },
        { to: zeroAddress, data: '0x' },
      ],
    }),
  )
  await waitFor(() => expect(result.current.calls.sendCallsResult).toEqual({ id }))
  const hash = await act(() => result.current.wait.waitForUserOperationTransactionAsync({ hash: id }))
  await waitFor(() => expect(result.current.wait.waitForUserOperationTransactionResult).toBe(hash))
  expect((await node().getTransactionReceipt({ hash })).status).toBe('success')
})

test('error: a policy refusal is the hook’s error, with the policy’s message', async () => {
  const policy = await createSponsorPolicy(testbed.server.app.sigil.store.db, {
    appId: testbed.server.signerApp.appId,
    allowedTargets: [zeroAddress],
    now: Date.now(),
  })
  const { result } = await renderSmartAccountHooks('alan@example.com', policy.id)
  act(() => result.current.send.sendUserOperation({ uo: { target: recipient } }))
  await waitFor(() => expect(result.current.send.error).not.toBeNull())
  expect(result.current.send.error?.message).toContain(
    `Policy ${policy.id} does not allow calls to ${recipient.toLowerCase()}`,
  )
  expect(result.current.send.sendUserOperationResult).toBeUndefined()
})

test('error: without a client', async () => {
  const config = createConfig(testbed.inProcessParameters())
  const { result } = renderHook(
    () => ({ send: useSendUserOperation({ client: undefined }), calls: useSendCalls({ client: undefined }) }),
    { wrapper: createSigilWrapper(config) },
  )
  await expect(
    result.current.send.sendUserOperationAsync({ uo: { target: recipient } }),
  ).rejects.toThrowError(SmartAccountClientNotReadyError)
  await expect(result.current.calls.sendCallsAsync({ calls: [] })).rejects.toThrowError(
    'Smart account client is not ready',
  )
})
