import { BaseError } from '@sigil/protocol'
import { adminCreateApiKeyCommand, adminCreateApiKeyUsage } from './cli/adminCreateApiKeyCommand.js'
import { appCreateCommand, appCreateUsage } from './cli/appCreateCommand.js'
import { migrateCommand, migrateUsage } from './cli/migrateCommand.js'
import { paymasterSignerCommand, paymasterSignerUsage } from './cli/paymasterSignerCommand.js'
import { policyCommand, policyUsage } from './cli/policyCommand.js'
import { solanaFeePayerCommand, solanaFeePayerUsage } from './cli/solanaFeePayerCommand.js'
import { startCommand, startUsage } from './cli/startCommand.js'

const usage = `Usage:
  ${startUsage}
  ${migrateUsage}
  ${adminCreateApiKeyUsage}
  ${appCreateUsage}
  ${policyUsage}
  ${paymasterSignerUsage}
  ${solanaFeePayerUsage}

Environment: DATABASE_URL, SIGIL_DATA_DIR, SIGIL_MASTER_KEY, SIGIL_CHAINS, PORT, HOST (see the README).`

async function main(argv: string[]): Promise<void> {
  const [command, ...rest] = argv
  if (command === 'start') return startCommand(rest)
  if (command === 'migrate') return migrateCommand(rest)
  if (command === 'admin' && rest[0] === 'create-api-key') return adminCreateApiKeyCommand(rest.slice(1))
  if (command === 'app' && rest[0] === 'create') return appCreateCommand(rest.slice(1))
  if (command === 'policy') return policyCommand(rest)
  if (command === 'paymaster' && rest[0] === 'signer') return paymasterSignerCommand(rest.slice(1))
  if (command === 'solana' && rest[0] === 'fee-payer') return solanaFeePayerCommand(rest.slice(1))
  if (!command || command === '--help' || command === '-h' || command === 'help')
    return void console.log(usage)
  throw new Error(`unknown command: ${argv.join(' ')}\n\n${usage}`)
}

main(process.argv.slice(2)).catch((error: unknown) => {
  // A clear line for the operator; no stack trace, no SQL text.
  const message =
    error instanceof BaseError ? error.shortMessage : error instanceof Error ? error.message : String(error)
  const code = (error as { code?: unknown }).code
  // A flag parseArgs does not know (or a missing/extra value) is a usage mistake: show the usage.
  if (typeof code === 'string' && code.startsWith('ERR_PARSE_ARGS_')) {
    console.error(`sigil-server: ${message}\n\n${usage}`)
    process.exit(1)
  }
  console.error(
    `sigil-server: ${message}${typeof code === 'string' && !message.includes(code) ? ` (${code})` : ''}`,
  )
  process.exit(1)
})
