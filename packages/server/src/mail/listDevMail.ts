import type { Store } from '../store/createStore.js'
import { findSignInCode } from './findSignInCode.js'

export type DevMailMessage = {
  id: string
  to: string
  subject: string
  text: string
  html: string
  /** ISO time the message was stored. */
  createdAt: string
  /** The 6-digit code or the magic link found in the text. */
  code?: string
}

export type ListDevMailParameters = {
  /** Only mail to this address (case-insensitive). */
  to?: string | undefined
  /** Most messages returned. Default 50. */
  limit?: number | undefined
}

/**
 * The dev mailbox, newest first.
 *
 * @example
 * const [latest] = await listDevMail(ctx.store, { to: 'ada@example.com' })
 * latest?.code // '123456'
 */
export async function listDevMail(
  store: Store,
  parameters: ListDevMailParameters = {},
): Promise<DevMailMessage[]> {
  let query = store.db
    .selectFrom('dev_mail')
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(parameters.limit ?? 50)
  const to = parameters.to?.trim().toLowerCase()
  if (to) query = query.where('to_address', '=', to)
  const rows = await query.execute()
  return rows.map((row) => {
    const code = findSignInCode(row.text)
    return {
      id: row.id,
      to: row.to_address,
      subject: row.subject,
      text: row.text,
      html: row.html,
      createdAt: new Date(Number(row.created_at)).toISOString(),
      ...(code ? { code } : {}),
    }
  })
}
