import { prepareWallet } from '../wallets/prepareWallet.js'
import { walletParamsSchema } from '../wallets/walletSchemas.js'
import { defineActivity } from './defineActivity.js'

/** `create_wallet`: a new BIP-39 wallet with the requested accounts. */
export const createWalletActivity = defineActivity({
  path: 'create_wallet',
  schema: walletParamsSchema,
  async prepare(ctx, run, parameters) {
    const wallet = prepareWallet(ctx, {
      organizationId: run.organizationId,
      now: run.now,
      wallet: parameters,
    })
    return { result: { walletId: wallet.walletId, addresses: wallet.addresses }, write: wallet.write }
  },
})
