import { expect, test } from 'vitest'
import { createStubClient } from '../test/createStubClient.js'
import { estimateFeesPerGas } from './estimateFeesPerGas.js'

function gateway(baseFeePerGas: string | null) {
  return createStubClient({
    methods: {
      eth_getBlockByNumber: () => ({ number: '0x1', baseFeePerGas }),
      rundler_maxPriorityFeePerGas: () => '0x64',
    },
  })
}

test('default: maxFee = baseFee × 1.5 + priority, from the latest block and rundler_maxPriorityFeePerGas', async () => {
  const client = gateway('0x3b9aca00')
  expect(await estimateFeesPerGas(client)).toEqual({
    maxPriorityFeePerGas: 100n,
    maxFeePerGas: 1_500_000_000n + 100n,
  })
  expect(client.requests.map(({ method, params }) => [method, params])).toEqual([
    ['eth_getBlockByNumber', ['latest', false]],
    ['rundler_maxPriorityFeePerGas', []],
  ])
})

test('behavior: fee options scale each value (priority first, then the max fee built on it)', async () => {
  const fees = await estimateFeesPerGas(gateway('0x3e8'), {
    feeOptions: { maxPriorityFeePerGas: { multiplier: 1.05 }, maxFeePerGas: { multiplier: 2 } },
  })
  expect(fees).toEqual({ maxPriorityFeePerGas: 105n, maxFeePerGas: (1500n + 105n) * 2n })
})

test('error: baseFeePerGas is null', async () => {
  await expect(estimateFeesPerGas(gateway(null))).rejects.toMatchObject({
    name: 'FeeEstimationError',
    shortMessage: 'baseFeePerGas is null',
  })
})
