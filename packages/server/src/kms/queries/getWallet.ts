import type { GetWalletResponse } from '@sigil/protocol'
import { z } from 'zod'
import { ApiError } from '../../http/errors/ApiError.js'
import { toV1Wallet, walletColumns } from '../format/toV1Wallet.js'
import { defineQuery } from './defineQuery.js'
import { idSchema, organizationIdSchema } from './querySchemas.js'

/** `get_wallet`: one wallet by id. */
export const getWalletQuery = defineQuery({
  name: 'get_wallet',
  schema: z.object({ organizationId: organizationIdSchema, walletId: idSchema }),
  async run(ctx, { organizationId }, body): Promise<GetWalletResponse> {
    const row = await ctx.store.db
      .selectFrom('wallets')
      .select(walletColumns)
      .where('organization_id', '=', organizationId)
      .where('id', '=', body.walletId)
      .executeTakeFirst()
    if (!row)
      throw new ApiError('NOT_FOUND', `wallet not found: ${body.walletId}`, { errorCode: 'NOT_FOUND' })
    return { wallet: toV1Wallet(row) }
  },
})
