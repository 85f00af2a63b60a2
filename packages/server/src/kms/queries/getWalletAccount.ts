import type { GetWalletAccountResponse } from '@sigil/protocol'
import { sql } from 'kysely'
import { z } from 'zod'
import { ApiError } from '../../http/errors/ApiError.js'
import { toV1WalletAccount, walletAccountColumns } from '../format/toV1WalletAccount.js'
import { defineQuery } from './defineQuery.js'
import { idSchema, organizationIdSchema } from './querySchemas.js'

/**
 * `get_wallet_account`: one account of a wallet, by `address` (Ethereum addresses in any letter
 * case) or by derivation `path`.
 */
export const getWalletAccountQuery = defineQuery({
  name: 'get_wallet_account',
  schema: z
    .object({
      organizationId: organizationIdSchema,
      walletId: idSchema,
      address: z.string().min(1).max(256).optional(),
      path: z.string().min(1).max(256).optional(),
    })
    .refine((body) => body.address !== undefined || body.path !== undefined, {
      message: 'address or path is required',
      path: ['address'],
    }),
  async run(ctx, { organizationId }, body): Promise<GetWalletAccountResponse> {
    let query = ctx.store.db
      .selectFrom('wallet_accounts')
      .select(walletAccountColumns)
      .where('organization_id', '=', organizationId)
      .where('wallet_id', '=', body.walletId)
    if (body.address !== undefined)
      query = /^0x[0-9a-fA-F]{40}$/.test(body.address)
        ? query.where(sql`lower(address)`, '=', body.address.toLowerCase())
        : query.where('address', '=', body.address)
    if (body.path !== undefined) query = query.where('path', '=', body.path)
    const row = await query.orderBy('created_at').limit(1).executeTakeFirst()
    if (!row)
      throw new ApiError('NOT_FOUND', `wallet account not found in wallet ${body.walletId}`, {
        errorCode: 'NOT_FOUND',
      })
    return { account: toV1WalletAccount(row) }
  },
})
