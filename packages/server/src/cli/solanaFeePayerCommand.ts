import { parseArgs } from 'node:util'
import { ensureSolanaFeePayer } from '../sponsor/solana/ensureSolanaFeePayer.js'
import { solanaFeePayerUsage } from './cliUsage.js'
import { commonOptions } from './parseCliArgs.js'
import { withStoreAndVault } from './withStoreAndVault.js'

/**
 * `sigil-server solana fee-payer`: prints `{"address":"<base58>"}`, the Solana fee payer of
 * `alchemy_requestFeePayer` (fund it: it pays the fees of sponsored transactions); creates the key in
 * the vault on first use. Works while a server runs on the same store (both get the same key).
 */
export async function solanaFeePayerCommand(args: string[]): Promise<void> {
  if (args[0] === 'status')
    return (await import('./solanaFeePayerStatusCommand.js')).solanaFeePayerStatusCommand(args.slice(1))
  const { values } = parseArgs({ args, options: { ...commonOptions }, strict: true })
  if (values.help) return void console.log(solanaFeePayerUsage)
  const { address } = await withStoreAndVault(values, (db, vault) =>
    ensureSolanaFeePayer(db, vault, { now: Date.now() }),
  )
  console.log(JSON.stringify({ address }))
}
