import type { App } from '../apps/App.js'
import type { SigilContext } from '../SigilContext.js'
import type { PaymasterSigner } from '../sponsor/ensurePaymasterSigner.js'
import type { ChainConfig } from './ChainConfig.js'

/** What a gateway method knows about the call besides its params. */
export type GatewayRequest = {
  ctx: SigilContext
  /** The chain of the URL (`/rpc/<id>`). */
  chain: ChainConfig
  /** The app the call belongs to (bearer key, key in the path, JWT or allowed origin). */
  app: App
  /** The server's paymaster signer, created on first use. */
  paymasterSigner(): Promise<PaymasterSigner>
}
