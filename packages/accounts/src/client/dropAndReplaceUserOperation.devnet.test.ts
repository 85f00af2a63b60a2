import { anvilAccounts, createDevnetClient, type Devnet, type DevnetClient, startDevnet } from '@sigil/devnet'
import { createPublicClient, type Hash, type PublicClient, parseEther } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { toLightAccount } from '../accounts/toLightAccount.js'
import { sigilDevnet } from '../chains/sigilDevnet.js'
import { createDevnetTransport } from '../test/createDevnetTransport.js'
import { createSmartAccountClient, type SmartAccountClient } from './createSmartAccountClient.js'
import { dropAndReplaceUserOperation } from './dropAndReplaceUserOperation.js'

/**
 * A stuck operation on the real devnet (anvil + alto): with alto's executor and utility accounts
 * emptied, alto cannot pay for a bundle and keeps the operation in its mempool. Dropping and replacing
 * it sends the same sender, nonce and call data with fees at least 10 % higher, which alto takes in
 * place of the old one; once alto can pay again, only the replacement is included.
 */

const bundlerAccounts = [anvilAccounts[1].address, anvilAccounts[2].address]
let devnet: Devnet
let anvil: DevnetClient
let client: SmartAccountClient
beforeAll(async () => {
  devnet = await startDevnet()
  anvil = createDevnetClient(devnet.rpcUrl)
  const transport = createDevnetTransport(devnet)
  const node = createPublicClient({ chain: sigilDevnet, transport, pollingInterval: 50 }) as PublicClient
  const account = await toLightAccount({ client: node, owner: privateKeyToAccount(generatePrivateKey()) })
  client = createSmartAccountClient({
    account,
    chain: sigilDevnet,
    transport,
    pollingInterval: 50,
    opts: { txRetryIntervalMs: 100, txRetryMultiplier: 1, txMaxRetries: 50 },
  })
  await anvil.setBalance({ address: account.address, value: parseEther('1') })
  // Deployed first: the stuck operation is an ordinary one, without init code.
  await client.sendTransaction({ to: '0x000000000000000000000000000000000000dEaD', value: 0n })
}, 60_000)
afterAll(async () => {
  await devnet?.stop()
})

const receiptOf = (hash: Hash) =>
  client.request({ method: 'eth_getUserOperationReceipt', params: [hash] } as never) as Promise<unknown>

/** alto may be trying (and failing) to bundle the stuck operation at this moment: then it refuses; try again. */
async function retryWhileProcessing<T>(run: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await run()
    } catch (error) {
      if (attempt > 40 || !/already being processed/.test(String(error))) throw error
      await new Promise((resolve) => setTimeout(resolve, 25))
    }
  }
}

test('behavior: dropAndReplaceUserOperation (Account Kit name) replaces a stuck operation: same nonce and call data, fees +10 %, only the replacement is included', async () => {
  const nonce = await client.account.getNonce()
  for (const address of bundlerAccounts) await anvil.setBalance({ address, value: 0n })
  let stuck: Awaited<ReturnType<typeof client.prepareUserOperation>> | undefined
  const account = {
    ...client.account,
    signUserOperation: async (operation: Parameters<typeof client.account.signUserOperation>[0]) => {
      const signature = await client.account.signUserOperation(operation)
      stuck = { ...operation, signature } as never
      return signature
    },
  }
  const stuckHash = await client.sendUserOperation({
    account,
    calls: [{ to: '0x000000000000000000000000000000000000bEEF', value: 1n }],
  })
  await new Promise((resolve) => setTimeout(resolve, 500))
  expect(await receiptOf(stuckHash)).toBeNull()

  const uoToDrop = { ...stuck!, sender: client.account.address } as never
  const { hash, request } = await retryWhileProcessing(() =>
    dropAndReplaceUserOperation(client, { uoToDrop }),
  )
  expect(hash).not.toBe(stuckHash)
  expect(request).toMatchObject({
    sender: client.account.address,
    nonce,
    callData: stuck!.callData,
    callGasLimit: stuck!.callGasLimit,
  })
  expect(request.maxFeePerGas).toBeGreaterThanOrEqual((stuck!.maxFeePerGas * 110n) / 100n)
  expect(request.maxPriorityFeePerGas).toBeGreaterThanOrEqual((stuck!.maxPriorityFeePerGas * 110n) / 100n)

  for (const address of bundlerAccounts) await anvil.setBalance({ address, value: parseEther('100') })
  const receipt = await client.waitForUserOperationReceipt({ hash, pollingInterval: 50, timeout: 20_000 })
  expect(receipt.success).toBe(true)
  expect(await client.account.getNonce()).toBe(nonce + 1n)
  expect(await receiptOf(stuckHash)).toBeNull()
})
