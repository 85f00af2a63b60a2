import { type SignerUser, signerErrorCodes } from '@sigil/protocol'
import { ApiError } from '../http/errors/ApiError.js'
import type { SigilContext } from '../SigilContext.js'

/**
 * Loads a user's identity (`SignerUser` of `@sigil/protocol`, as `/signer/v1/whoami` answers it) and the addresses of its first wallet (its first EVM and Solana account).
 *
 * @example
 * const user = await toSignerUser(ctx, { userId })
 */
export async function toSignerUser(ctx: SigilContext, { userId }: { userId: string }): Promise<SignerUser> {
  const user = await ctx.store.db
    .selectFrom('users')
    .select(['id', 'organization_id', 'email'])
    .where('id', '=', userId)
    .executeTakeFirst()
  if (!user) throw new ApiError('NOT_FOUND', 'user not found', { errorCode: signerErrorCodes.USER_NOT_FOUND })
  // Only a proven number is the user's phone (one stored by an unconfirmed SMS sign-up is not).
  const phone = await ctx.store.db
    .selectFrom('phone_identities')
    .select('phone')
    .where('user_id', '=', userId)
    .orderBy('proven_at', 'desc')
    .executeTakeFirst()
  const accounts = await ctx.store.db
    .selectFrom('wallet_accounts')
    .select(['address', 'address_format'])
    .where('organization_id', '=', user.organization_id)
    .where('address_format', 'in', ['ADDRESS_FORMAT_ETHEREUM', 'ADDRESS_FORMAT_SOLANA'])
    .orderBy('created_at')
    .orderBy('id')
    .execute()
  const address = accounts.find((account) => account.address_format === 'ADDRESS_FORMAT_ETHEREUM')?.address
  if (!address)
    throw new ApiError('NOT_FOUND', 'user has no EVM wallet account', {
      errorCode: signerErrorCodes.USER_NOT_FOUND,
    })
  const solanaAddress = accounts.find(
    (account) => account.address_format === 'ADDRESS_FORMAT_SOLANA',
  )?.address
  return {
    ...(user.email ? { email: user.email } : {}),
    ...(phone ? { phone: phone.phone } : {}),
    orgId: user.organization_id,
    userId: user.id,
    address: address as `0x${string}`,
    ...(solanaAddress ? { solanaAddress } : {}),
  }
}
