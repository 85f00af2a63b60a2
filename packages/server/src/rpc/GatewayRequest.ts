import type { App } from '../apps/App.js'
import type { SigilContext } from '../SigilContext.js'
import type { PaymasterSigner } from '../sponsor/ensurePaymasterSigner.js'
import type { SolanaFeePayer } from '../sponsor/solana/ensureSolanaFeePayer.js'
import type { ChainConfig, EvmChainConfig } from './ChainConfig.js'

/**
 * What a gateway method knows about the call besides its params. `chain` is the chain of the URL;
 * EVM methods see an {@link EvmChainConfig} (the default), Solana methods a `SolanaChainConfig`.
 */
export type GatewayRequest<chain extends ChainConfig = EvmChainConfig> = {
  ctx: SigilContext
  /** The chain of the URL (`/rpc/<id>`). */
  chain: chain
  /** The app the call belongs to (bearer key, key in the path, JWT or allowed origin). */
  app: App
  /** The server's paymaster signer, created on first use. */
  paymasterSigner(): Promise<PaymasterSigner>
  /** The server's Solana fee payer, created on first use. */
  solanaFeePayer(): Promise<SolanaFeePayer>
}
