import { startAnvil } from '../anvil/startAnvil.js'
import { createDevnetClient, type DevnetClient } from '../deploy/createDevnetClient.js'
import { deployEntryPoints } from '../deploy/deployEntryPoints.js'

export type StartTestChainReturnType = {
  rpcUrl: string
  client: DevnetClient
  stop(): Promise<void>
}

/**
 * For tests: anvil on a random port with EntryPoint v0.6/v0.7/v0.8 placed, no bundler (well under a second).
 * `startDevnet()` is the full stack.
 *
 * @example
 * const chain = await startTestChain()
 * afterAll(() => chain.stop())
 */
export async function startTestChain(): Promise<StartTestChainReturnType> {
  const anvil = await startAnvil()
  try {
    const client = createDevnetClient(anvil.rpcUrl)
    await deployEntryPoints(client)
    return { rpcUrl: anvil.rpcUrl, client, stop: anvil.stop }
  } catch (error) {
    await anvil.stop()
    throw error
  }
}
