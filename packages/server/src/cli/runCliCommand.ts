import {
  adminCreateApiKeyUsage,
  appCreateUsage,
  appJwtIssuerUsage,
  backupUsage,
  migrateUsage,
  paymasterSignerUsage,
  paymasterUsage,
  policyUsage,
  restoreUsage,
  solanaFeePayerUsage,
  startUsage,
  vaultUsage,
} from './cliUsage.js'

/** `sigil-server`'s whole usage: every command's line and the environment it reads. */
export const cliUsage = `Usage:
  ${startUsage}
  ${migrateUsage}
  ${adminCreateApiKeyUsage}
  ${appCreateUsage}
  ${appJwtIssuerUsage}
  ${policyUsage}
  ${paymasterSignerUsage}
  ${paymasterUsage}
  ${solanaFeePayerUsage}
  ${vaultUsage}
  ${backupUsage}
  ${restoreUsage}

Environment: DATABASE_URL, SIGIL_DATA_DIR, SIGIL_MASTER_KEY (or SIGIL_MASTER_KEY_PKCS11), SIGIL_CHAINS, PORT, HOST,
SIGIL_ADMIN_PORT, SIGIL_WORKERS, SIGIL_LOG_LEVEL, SIGIL_LOG_FORMAT (docs/configuration.md).`

/**
 * Runs one `sigil-server` command (`argv` without `node` and the script): it prints what the command
 * prints and resolves when the command is done (for `start`, once it serves), or rejects with the error
 * that `formatCliError` turns into the operator's one line. Each command loads its own module on demand:
 * a one-shot command (policy, app create, …) does not load the HTTP server, and `--help` loads nothing.
 *
 * @example
 * await runCliCommand(['policy', 'list', '--data-dir', '.sigil'])
 */
export async function runCliCommand(argv: string[]): Promise<void> {
  const [command, ...rest] = argv
  if (command === 'start') return (await import('./startCommand.js')).startCommand(rest)
  if (command === 'migrate') return (await import('./migrateCommand.js')).migrateCommand(rest)
  if (command === 'admin' && rest[0] === 'create-api-key')
    return (await import('./adminCreateApiKeyCommand.js')).adminCreateApiKeyCommand(rest.slice(1))
  if (command === 'app' && rest[0] === 'create')
    return (await import('./appCreateCommand.js')).appCreateCommand(rest.slice(1))
  if (command === 'app' && rest[0] === 'jwt-issuer')
    return (await import('./appJwtIssuerCommand.js')).appJwtIssuerCommand(rest.slice(1))
  if (command === 'policy') return (await import('./policyCommand.js')).policyCommand(rest)
  if (command === 'paymaster' && rest[0] === 'signer')
    return (await import('./paymasterSignerCommand.js')).paymasterSignerCommand(rest.slice(1))
  if (command === 'solana' && rest[0] === 'fee-payer')
    return (await import('./solanaFeePayerCommand.js')).solanaFeePayerCommand(rest.slice(1))
  if (command === 'paymaster') return (await import('./paymasterCommand.js')).paymasterCommand(rest)
  if (command === 'backup') return (await import('./backupCommand.js')).backupCommand(rest)
  if (command === 'restore') return (await import('./restoreCommand.js')).restoreCommand(rest)
  if (command === 'vault') return (await import('./vaultCommand.js')).vaultCommand(rest)
  if (!command || command === '--help' || command === '-h' || command === 'help')
    return void console.log(cliUsage)
  throw new Error(`unknown command: ${argv.join(' ')}\n\n${cliUsage}`)
}
