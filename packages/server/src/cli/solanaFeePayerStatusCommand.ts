import { parseArgs } from 'node:util'
import { PaymasterDeployError } from '../sponsor/deploy/PaymasterDeployError.js'
import { ensureSolanaFeePayer } from '../sponsor/solana/ensureSolanaFeePayer.js'
import { solanaFeePayerUsage } from './cliUsage.js'
import { commonOptions } from './parseCliArgs.js'
import { withStoreAndVault } from './withStoreAndVault.js'

const lamportsPerSol = 1_000_000_000n

/**
 * `sigil-server solana fee-payer status --rpc URL`: prints `{"address","lamports","sol"}`, the fee payer
 * from the vault (created on first use) and its balance on the cluster of `--rpc`
 * (docs/deploy.md#sponsorship-on-a-real-chain).
 */
export async function solanaFeePayerStatusCommand(args: string[]): Promise<void> {
  const { values } = parseArgs({ args, options: { ...commonOptions, rpc: { type: 'string' } }, strict: true })
  if (values.help) return void console.log(solanaFeePayerUsage)
  if (!values.rpc) throw new PaymasterDeployError('--rpc URL is required (the Solana cluster node)')
  const { address } = await withStoreAndVault(values, (db, vault) =>
    ensureSolanaFeePayer(db, vault, { now: Date.now() }),
  )
  // The URL may carry a provider's API key: messages name neither it nor its path.
  const response = await fetch(values.rpc, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getBalance', params: [address] }),
    signal: AbortSignal.timeout(30_000),
  }).catch((error: Error) => {
    const cause = error.cause as { code?: string; message?: string } | undefined
    const code = cause?.code ?? cause?.message ?? error.name
    throw new PaymasterDeployError(`the Solana node did not answer getBalance (${code})`)
  })
  const body = (await response.json().catch(() => null)) as {
    result?: { value?: number }
    error?: { message?: string }
  } | null
  const value = body?.result?.value
  if (!response.ok || typeof value !== 'number')
    throw new PaymasterDeployError(
      `getBalance failed on the node (HTTP ${response.status}${body?.error?.message ? `: ${body.error.message}` : ''})`,
    )
  const lamports = BigInt(value)
  const fraction = (lamports % lamportsPerSol).toString().padStart(9, '0').replace(/0+$/, '')
  const sol = `${lamports / lamportsPerSol}${fraction ? `.${fraction}` : ''}`
  console.log(JSON.stringify({ address, lamports: lamports.toString(), sol }))
}
