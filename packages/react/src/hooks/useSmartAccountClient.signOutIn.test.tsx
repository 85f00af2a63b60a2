// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { useState } from 'react'
import { createPublicClient, type Hash, http, pad } from 'viem'
import { afterAll, afterEach, beforeAll, expect, test } from 'vitest'
import {
  createSmartAccountTestbed,
  type SmartAccountTestbed,
} from '../../../core/src/test/createSmartAccountTestbed.js'
import { createConfig } from '../context/createConfig.js'
import { createSigilWrapper } from '../test/createSigilWrapper.js'
import { useLogout } from './useLogout.js'
import { useSendUserOperation } from './useSendUserOperation.js'
import { useSmartAccountClient } from './useSmartAccountClient.js'
import { useUser } from './useUser.js'

/**
 * A minimal app on `@sigil/react` (provider, a signed-in page that mounts only while someone is
 * signed in, a send button, sign-out) on the devnet through the real server's gateway: the smart
 * account survives signing out and in again as the same user, with no reload.
 */

let testbed: SmartAccountTestbed
beforeAll(async () => {
  testbed = await createSmartAccountTestbed()
}, 60_000)
afterEach(() => cleanup())
afterAll(() => testbed?.cleanup())

const recipient = '0x000000000000000000000000000000000000dEaD'
const node = () => createPublicClient({ transport: http(testbed.devnet.rpcUrl) })

function App() {
  const user = useUser()
  return user ? <Wallet /> : <p>Signed out</p>
}

function Wallet() {
  const { client, address } = useSmartAccountClient({ type: 'LightAccount', pollingInterval: 50 })
  const { sendUserOperationAsync } = useSendUserOperation({ client, waitForTxn: true })
  const { logout } = useLogout()
  const [hash, setHash] = useState<Hash>()
  const send = async () => {
    const sent = await sendUserOperationAsync({ uo: { target: recipient, data: '0x', value: 0n } })
    setHash(sent.hash)
  }
  return (
    <>
      <p data-testid="address">{address ?? 'none'}</p>
      <button type="button" disabled={!client} onClick={() => void send()}>
        Send
      </button>
      <p data-testid="hash">{hash ?? 'none'}</p>
      <button type="button" onClick={logout}>
        Sign out
      </button>
    </>
  )
}

/** Sends from the page once its button is enabled; answers the transaction hash shown. */
async function sendFromThePage(): Promise<Hash> {
  const button = screen.getByRole('button', { name: 'Send' })
  await waitFor(() => expect(button.hasAttribute('disabled')).toBe(false), { timeout: 10_000 })
  fireEvent.click(button)
  await waitFor(() => expect(screen.getByTestId('hash').textContent).toMatch(/^0x[0-9a-f]{64}$/), {
    timeout: 20_000,
  })
  return screen.getByTestId('hash').textContent as Hash
}

test('default: signed in, a sponsored send, signed out, signed in again as the same user: the same address and a second send', async () => {
  const config = createConfig(testbed.inProcessParameters())
  render(<App />, { wrapper: createSigilWrapper(config) })
  await screen.findByText('Signed out')
  await testbed.signIn(config, 'ada.app@example.com')
  await waitFor(() => expect(screen.getByTestId('address').textContent).toMatch(/^0x[0-9a-fA-F]{40}$/))
  const address = screen.getByTestId('address').textContent as `0x${string}`
  const first = await sendFromThePage()
  expect((await node().getTransactionReceipt({ hash: first })).status).toBe('success')

  fireEvent.click(screen.getByRole('button', { name: 'Sign out' }))
  await screen.findByText('Signed out')
  await testbed.signIn(config, 'ada.app@example.com')
  await waitFor(() => expect(screen.getByTestId('address').textContent).toBe(address))
  const second = await sendFromThePage()
  expect(second).not.toBe(first)
  const receipt = await node().getTransactionReceipt({ hash: second })
  expect(receipt.status).toBe('success')
  // The EntryPoint's UserOperationEvent names the sender (its second indexed topic): the same account.
  const sender = pad(address.toLowerCase() as `0x${string}`)
  expect(receipt.logs.some((log) => log.topics[2]?.toLowerCase() === sender)).toBe(true)
  expect(await node().getBalance({ address })).toBe(0n)
})
