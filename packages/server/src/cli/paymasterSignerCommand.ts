import { parseArgs } from 'node:util'
import { ensurePaymasterSigner } from '../sponsor/ensurePaymasterSigner.js'
import { paymasterSignerUsage } from './cliUsage.js'
import { commonOptions } from './parseCliArgs.js'
import { withStoreAndVault } from './withStoreAndVault.js'

/**
 * `sigil-server paymaster signer`: prints `{"address":"0x…"}`, the paymaster signer the Sigil
 * paymasters must trust (`setSigner`); creates the key in the vault on first use. Works while a server
 * runs on the same store (both get the same key).
 */
export async function paymasterSignerCommand(args: string[]): Promise<void> {
  const { values } = parseArgs({ args, options: { ...commonOptions }, strict: true })
  if (values.help) return void console.log(paymasterSignerUsage)
  const { address } = await withStoreAndVault(values, (db, vault) =>
    ensurePaymasterSigner(db, vault, { now: Date.now() }),
  )
  console.log(JSON.stringify({ address }))
}
