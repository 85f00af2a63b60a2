import { createWalletClient, custom, type Hash } from 'viem'
import { getBundlerClient } from '../actions/getBundlerClient.js'
import { requireSigner } from '../actions/requireSigner.js'
import type { SigilConfig } from '../createConfig.js'
import type { ProviderTransaction } from './parseTransactionParams.js'

/**
 * Sends an ordinary transaction from the signed-in user's own key on the active chain (`account: 'owner'`):
 * viem fills nonce, gas and fees from the chain, the signer signs, and it goes out as
 * `eth_sendRawTransaction` through the chain's transport. The key pays the gas. Answers the transaction hash.
 *
 * @example
 * const hash = await sendOwnerTransaction(config, { to, value: 1n })
 */
export async function sendOwnerTransaction(
  config: SigilConfig,
  { to, data, value, gas }: Pick<ProviderTransaction, 'to' | 'data' | 'value'> & { gas?: bigint | undefined },
): Promise<Hash> {
  const signer = requireSigner(config)
  await signer.ready
  const node = getBundlerClient(config)
  const wallet = createWalletClient({
    account: signer.toViemAccount(),
    chain: node.chain,
    transport: custom({ request: node.request }),
  })
  return wallet.sendTransaction({ to, data, value, gas } as never)
}
