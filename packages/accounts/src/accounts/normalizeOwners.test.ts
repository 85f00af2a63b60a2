import { zeroAddress } from 'viem'
import { expect, test } from 'vitest'
import { normalizeOwners } from './normalizeOwners.js'

test('default: owners ∪ {owner}, deduplicated, zero address removed, ascending by value', () => {
  expect(
    normalizeOwners({
      owner: '0x00000000000000000000000000000000000000bb',
      owners: [
        '0x00000000000000000000000000000000000000CC',
        zeroAddress,
        '0x00000000000000000000000000000000000000aa',
        '0x00000000000000000000000000000000000000cc',
      ],
    }),
  ).toEqual([
    '0x00000000000000000000000000000000000000AA',
    '0x00000000000000000000000000000000000000bb',
    '0x00000000000000000000000000000000000000cc',
  ])
})

test('behavior: the owner alone', () => {
  expect(normalizeOwners({ owner: '0x1000000000000000000000000000000000000001' })).toEqual([
    '0x1000000000000000000000000000000000000001',
  ])
})
