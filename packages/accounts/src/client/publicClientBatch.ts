/**
 * How Sigil's public clients batch reads (docs/account-kit.md#constants): `eth_call`s of one tick go out
 * as one Multicall3 call of at most 1,024 bytes of call data, as Account Kit's clients do.
 *
 * @example
 * const client = createPublicClient({ chain, transport, batch: publicClientBatch })
 */
export const publicClientBatch = { multicall: { batchSize: 1_024 } } as const
