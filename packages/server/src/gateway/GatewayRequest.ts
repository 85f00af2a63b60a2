import type { App } from '../apps/App.js'
import type { SigilContext } from '../SigilContext.js'
import type { ChainConfig, EvmChainConfig } from './ChainConfig.js'
import type { PaymasterSigner } from './PaymasterSigner.js'
import type { SolanaFeePayer } from './SolanaFeePayer.js'

/** A Sigil user proven by a session stamp on a gateway request. */
export type SignedInUser = { userId: string; organizationId: string }

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
  /**
   * How the app was identified: `'apiKey'` (bearer API key or key in the path: the app's backend),
   * `'jwt'` (a bearer JWT the app signed) or `'origin'` (a browser `Origin` alone, which anyone can send).
   */
  credential: 'apiKey' | 'jwt' | 'origin'
  /**
   * The Sigil user whose session stamped this HTTP request (`X-Stamp` over the raw body, with
   * `X-Sigil-Organization`), verified on first ask; undefined when the request carries no stamp. A stamp
   * that does not verify throws.
   */
  signedInUser(): Promise<SignedInUser | undefined>
  /** The server's paymaster signer, created on first use. */
  paymasterSigner(): Promise<PaymasterSigner>
  /** The server's Solana fee payer, created on first use. */
  solanaFeePayer(): Promise<SolanaFeePayer>
}
