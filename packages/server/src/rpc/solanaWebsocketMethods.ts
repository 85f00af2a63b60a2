import { z } from 'zod'

const base58 = (max: number) =>
  z
    .string()
    .regex(/^[1-9A-HJ-NP-Za-km-z]+$/, 'must be base58')
    .max(max)
const commitment = z.enum(['processed', 'confirmed', 'finalized'])
const subscriptionId = z.tuple([z.number().int().nonnegative()])

/**
 * The Solana subscription methods the gateway's websocket proxies (docs/protocol.md#solana-websocket),
 * each with the schema of its params, and the notification each subscription delivers. What web3.js 1.x
 * and `@solana/kit` use to confirm transactions and watch balances and slots; everything else
 * (`programSubscribe`, `logsSubscribe`, `blockSubscribe`, vote and root subscriptions, …) is refused with
 * -32601: scans of the whole chain the operator pays for, as on the HTTP side (solanaNodeMethods).
 */
export const solanaWebsocketMethods = {
  signatureSubscribe: {
    params: z.union([
      z.tuple([base58(90)]),
      z.tuple([
        base58(90),
        z.strictObject({
          commitment: commitment.optional(),
          enableReceivedNotification: z.boolean().optional(),
        }),
      ]),
    ]),
    notification: 'signatureNotification',
  },
  accountSubscribe: {
    params: z.union([
      z.tuple([base58(44)]),
      z.tuple([
        base58(44),
        z.strictObject({
          commitment: commitment.optional(),
          encoding: z.enum(['base58', 'base64', 'base64+zstd', 'jsonParsed']).optional(),
          dataSlice: z
            .strictObject({ offset: z.number().int().nonnegative(), length: z.number().int().nonnegative() })
            .optional(),
        }),
      ]),
    ]),
    notification: 'accountNotification',
  },
  slotSubscribe: {
    params: z.union([z.tuple([]), z.undefined()]),
    notification: 'slotNotification',
  },
  signatureUnsubscribe: { params: subscriptionId, unsubscribes: 'signatureSubscribe' },
  accountUnsubscribe: { params: subscriptionId, unsubscribes: 'accountSubscribe' },
  slotUnsubscribe: { params: subscriptionId, unsubscribes: 'slotSubscribe' },
} as const

export type SolanaWebsocketMethod = keyof typeof solanaWebsocketMethods
export type SolanaSubscribeMethod = 'signatureSubscribe' | 'accountSubscribe' | 'slotSubscribe'

/** The notifications forwarded to the client (one per subscribe method); any other upstream push is dropped. */
export const solanaWebsocketNotifications: ReadonlySet<string> = new Set([
  'signatureNotification',
  'accountNotification',
  'slotNotification',
])
