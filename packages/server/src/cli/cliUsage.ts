/**
 * The usage line of every `sigil-server` command, in one module that imports nothing, so `--help` and a
 * usage mistake answer without loading the server, and each command loads only what it needs.
 */
export const startUsage = `sigil-server start [--port 8787] [--host 127.0.0.1] [--dev [--dev-app-origin http://localhost:5173]] [--chains chains.json] [--solana-websocket-port N] [--admin-port N [--admin-host 127.0.0.1]] [--workers N|auto] [--allow-insecure-key-file] [--data-dir ./.sigil] [--database-url URL]`

export const migrateUsage = 'sigil-server migrate [--data-dir ./.sigil] [--database-url URL]'

export const adminCreateApiKeyUsage =
  'sigil-server admin create-api-key --name NAME [--public-key HEX] [--expiration-seconds N] [--data-dir ./.sigil] [--database-url URL]'

export const appCreateUsage =
  'sigil-server app create --name NAME --origin URL [--origin URL…] [--email-mode otp|magic-link] [--redirect-url URL] [--jwt-public-key PEM_OR_JWK | --jwt-public-key-file PATH] [--oauth-provider ID…] [--data-dir ./.sigil] [--database-url URL]'

export const appJwtIssuerUsage = `sigil-server app jwt-issuer add --app APP_ID --issuer ISS (--jwks-url URL | --public-key PEM_OR_JWK | --public-key-file PATH) --audience AUD [--user-claim sub] [--algorithm RS256 --algorithm ES256…] [--data-dir ./.sigil] [--database-url URL]
  sigil-server app jwt-issuer list --app APP_ID [--data-dir ./.sigil] [--database-url URL]
  sigil-server app jwt-issuer remove --app APP_ID --issuer ISS [--data-dir ./.sigil] [--database-url URL]`

export const policyUsage = `sigil-server policy create --app APP_ID (--budget WEI | --unlimited) [--budget-period total|day|week|month] [--budget-per-user WEI] [--max-reserved-share-per-user PERCENT] [--max-cost-wei WEI] [--audience public|signed-in|server] [--allow-factory 0x… | --any-sender] [--name NAME] [--chain ID…] [--max-gas N] [--max-operations-per-sender-per-day N] [--allow-target 0x…] [--expires-at ISO_DATE] [--data-dir ./.sigil] [--database-url URL]
  sigil-server policy create --app APP_ID --solana (--budget LAMPORTS | --unlimited) [--budget-period total|day|week|month] [--budget-per-user LAMPORTS] [--audience public|signed-in|server] [--name NAME] [--chain solana-localnet…] [--max-lamports N] [--max-transactions-per-user-per-day N] [--allow-program BASE58…] [--expires-at ISO_DATE] [--data-dir ./.sigil] [--database-url URL]
  sigil-server policy list [--app APP_ID] [--chains chains.json] [--data-dir ./.sigil] [--database-url URL]
  sigil-server policy disable POLICY_ID [--data-dir ./.sigil] [--database-url URL]

  --budget is wei for gas policies (alias --budget-wei), lamports with --solana; every policy needs one
  unless created with --unlimited. --audience defaults to signed-in; gas policies sponsor accounts of
  Sigil's account factories unless --allow-factory or --any-sender says otherwise. One user may hold at
  most --max-reserved-share-per-user of a gas policy's budget in open reservations (default 10, 100: no
  share limit). policy list settles
  reservations and reads each paymaster's EntryPoint deposit on the chains of --chains or SIGIL_CHAINS.`

export const paymasterSignerUsage = 'sigil-server paymaster signer [--data-dir ./.sigil] [--database-url URL]'

export const paymasterUsage = `sigil-server paymaster deploy|deposit|stake|withdraw|status --rpc URL [--entry-point 0.6|0.7|0.8] [--private-key-file FILE] [--owner 0x…] [--amount ETH] [--unstake-delay SECONDS] [--to 0x…] [--data-dir ./.sigil] [--database-url URL]

  The deployer key comes from --private-key-file or SIGIL_DEPLOYER_KEY (status needs only --owner). deposit and
  stake take --amount, stake also --unstake-delay, withdraw --to and --amount; --entry-point defaults to 0.7.`

export const solanaFeePayerUsage = `sigil-server solana fee-payer [--data-dir ./.sigil] [--database-url URL]
  sigil-server solana fee-payer status --rpc URL [--data-dir ./.sigil] [--database-url URL]`

export const backupUsage = 'sigil-server backup --out FILE [--data-dir ./.sigil]'

export const restoreUsage = 'sigil-server restore --from FILE [--data-dir ./.sigil] [--force]'

export const vaultUsage =
  'sigil-server vault rotate (--new-master-key-file FILE | --new-master-key-pkcs11 "module=…;token=…;pin=…;label=…") [--rows-per-second N] [--data-dir ./.sigil] [--database-url URL]'
