import type { Store } from '../store/createStore.js'

export type DevSmsMessage = {
  id: string
  /** E.164. */
  to: string
  body: string
  /** ISO time the text was stored. */
  createdAt: string
  /** The 6-digit code in the text. */
  code?: string
}

/**
 * The dev SMS outbox, newest first; `to` filters by number (any format `toE164` reads, compared as
 * given after removing spaces).
 *
 * @example
 * const [latest] = await listDevSms(ctx.store, { to: '+14155550123' })
 * latest?.code // '123456'
 */
export async function listDevSms(
  store: Store,
  parameters: { to?: string | undefined; limit?: number | undefined } = {},
): Promise<DevSmsMessage[]> {
  let query = store.db
    .selectFrom('dev_sms')
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(parameters.limit ?? 50)
  const to = parameters.to?.replace(/[\s()-]/g, '')
  if (to) query = query.where('to_number', '=', to)
  const rows = await query.execute()
  return rows.map((row) => {
    const code = row.body.match(/(?<!\d)\d{6}(?!\d)/)?.[0]
    return {
      id: row.id,
      to: row.to_number,
      body: row.body,
      createdAt: new Date(Number(row.created_at)).toISOString(),
      ...(code ? { code } : {}),
    }
  })
}
