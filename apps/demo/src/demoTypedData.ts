import { sigilDevnet } from '@sigil/core'

/**
 * The EIP-712 example the demo signs: a mail between two parties on the local devnet (the shape of
 * the EIP's own example).
 *
 * @example
 * signTypedData({ typedData: demoTypedData })
 */
export const demoTypedData = {
  domain: {
    name: 'Sigil demo',
    version: '1',
    chainId: sigilDevnet.id,
    verifyingContract: '0xCcCCccccCCCCcCCCCCCcCcCccCcCCCcCcccccccC',
  },
  types: {
    Person: [
      { name: 'name', type: 'string' },
      { name: 'wallet', type: 'address' },
    ],
    Mail: [
      { name: 'from', type: 'Person' },
      { name: 'to', type: 'Person' },
      { name: 'contents', type: 'string' },
    ],
  },
  primaryType: 'Mail',
  message: {
    from: { name: 'Ada', wallet: '0xCD2a3d9F938E13CD947Ec05AbC7FE734Df8DD826' },
    to: { name: 'Bob', wallet: '0xbBbBBBBbbBBBbbbBbbBbbbbBBbBbbbbBbBbbBBbB' },
    contents: 'Hello, Bob!',
  },
} as const
