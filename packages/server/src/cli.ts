import { BaseError } from '@sigil/protocol'
import {
  adminCreateApiKeyUsage,
  appCreateUsage,
  backupUsage,
  migrateUsage,
  paymasterSignerUsage,
  paymasterUsage,
  policyUsage,
  restoreUsage,
  solanaFeePayerUsage,
  startUsage,
  vaultUsage,
} from './cli/cliUsage.js'

const usage = `Usage:
  ${startUsage}
  ${migrateUsage}
  ${adminCreateApiKeyUsage}
  ${appCreateUsage}
  ${policyUsage}
  ${paymasterSignerUsage}
  ${paymasterUsage}
  ${solanaFeePayerUsage}
  ${vaultUsage}
  ${backupUsage}
  ${restoreUsage}

Environment: DATABASE_URL, SIGIL_DATA_DIR, SIGIL_MASTER_KEY (or SIGIL_MASTER_KEY_PKCS11), SIGIL_CHAINS, PORT, HOST,
SIGIL_ADMIN_PORT, SIGIL_WORKERS, SIGIL_LOG_LEVEL, SIGIL_LOG_FORMAT (docs/configuration.md).`

async function main(argv: string[]): Promise<void> {
  const [command, ...rest] = argv
  // Each command loads its own module on demand: a one-shot command (policy, app create, …) does not
  // load the HTTP server, and `--help` loads nothing.
  if (command === 'start') return (await import('./cli/startCommand.js')).startCommand(rest)
  if (command === 'migrate') return (await import('./cli/migrateCommand.js')).migrateCommand(rest)
  if (command === 'admin' && rest[0] === 'create-api-key')
    return (await import('./cli/adminCreateApiKeyCommand.js')).adminCreateApiKeyCommand(rest.slice(1))
  if (command === 'app' && rest[0] === 'create')
    return (await import('./cli/appCreateCommand.js')).appCreateCommand(rest.slice(1))
  if (command === 'policy') return (await import('./cli/policyCommand.js')).policyCommand(rest)
  if (command === 'paymaster' && rest[0] === 'signer')
    return (await import('./cli/paymasterSignerCommand.js')).paymasterSignerCommand(rest.slice(1))
  if (command === 'solana' && rest[0] === 'fee-payer')
    return (await import('./cli/solanaFeePayerCommand.js')).solanaFeePayerCommand(rest.slice(1))
  if (command === 'paymaster') return (await import('./cli/paymasterCommand.js')).paymasterCommand(rest)
  if (command === 'backup') return (await import('./cli/backupCommand.js')).backupCommand(rest)
  if (command === 'restore') return (await import('./cli/restoreCommand.js')).restoreCommand(rest)
  if (command === 'vault') return (await import('./cli/vaultCommand.js')).vaultCommand(rest)
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
