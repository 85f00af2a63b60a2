import { type Chain, createPublicClient, custom, encodeFunctionResult, multicall3Abi } from 'viem'
import { call } from 'viem/actions'
import { expect, test } from 'vitest'
import { toLightAccount } from '../accounts/toLightAccount.js'
import { sigilDevnet } from '../chains/sigilDevnet.js'
import { owner } from '../test/owners.js'
import { createSmartAccountClient } from './createSmartAccountClient.js'
import { publicClientBatch } from './publicClientBatch.js'

const multicall3 = '0xcA11bde05977b3631167028862bE2a173976CA11'
const chain = { ...sigilDevnet, contracts: { multicall3: { address: multicall3 } } } as Chain

test("default: the smart-account client's public client batches reads by Multicall3, 1,024 bytes (Account Kit's batch)", async () => {
  expect(publicClientBatch).toEqual({ multicall: { batchSize: 1024 } })
  const calls: { method: string; params: unknown }[] = []
  const transport = custom({
    async request({ method, params }: { method: string; params: unknown }) {
      calls.push({ method, params })
      if (method === 'eth_chainId') return '0x7a69'
      if (method !== 'eth_call') throw new Error(`unexpected ${method}`)
      const results = [
        { success: true, returnData: '0x01' },
        { success: true, returnData: '0x02' },
      ] as const
      return encodeFunctionResult({ abi: multicall3Abi, functionName: 'aggregate3', result: results })
    },
  })
  const account = await toLightAccount({
    client: createPublicClient({ chain, transport }),
    owner,
    accountAddress: '0x5555555555555555555555555555555555555555',
  })
  const client = createSmartAccountClient({ account, chain, transport })
  expect(client.publicClient.batch).toEqual({ multicall: { batchSize: 1024 } })
  const target = '0x000000000000000000000000000000000000dEaD'
  const answers = await Promise.all([
    call(client.publicClient, { to: target, data: '0xaa' }),
    call(client.publicClient, { to: target, data: '0xbb' }),
  ])
  expect(answers.map((answer) => answer.data)).toEqual(['0x01', '0x02'])
  expect(calls.filter(({ method }) => method === 'eth_call')).toEqual([
    { method: 'eth_call', params: [expect.objectContaining({ to: multicall3 }), 'latest'] },
  ])
})
