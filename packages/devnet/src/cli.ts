import { parseArgs } from 'node:util'
import { BaseError } from '@sigil/protocol'
import type { Address } from 'viem'
import { type SolanaDevnet, startSolanaDevnet } from './solana/startSolanaDevnet.js'
import { type Devnet, startDevnet } from './startDevnet.js'

const startUsage =
  'sigil-devnet start [--port 8545] [--bundler-port 4337] [--paymaster-signer 0x…] [--log]\n' +
  '                   [--solana-port 8899] [--solana-fund BASE58 …] [--without-solana]'
const usage = `Usage:
  ${startUsage}

Starts anvil (chain id 31337), EntryPoint v0.6/v0.7/v0.8, Sigil's account stand-ins and paymasters, and the alto
bundler, and a local Solana runtime (litesvm; every --solana-fund address gets 1000 SOL); prints every URL and
address; stops everything on Ctrl-C or SIGTERM. A port of 0 picks a free one.`
const solanaFundLamports = 1_000n * 1_000_000_000n

/** `sigil-devnet start`: runs the devnet until SIGINT/SIGTERM. */
async function startCommand(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: {
      port: { type: 'string' },
      'bundler-port': { type: 'string' },
      'paymaster-signer': { type: 'string' },
      log: { type: 'boolean' },
      'solana-port': { type: 'string' },
      'solana-fund': { type: 'string', multiple: true },
      'without-solana': { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  })
  if (values.help) return void console.log(startUsage)
  const port = parsePort('--port', values.port ?? '8545')
  const bundlerPort = parsePort('--bundler-port', values['bundler-port'] ?? '4337')
  const paymasterSigner = values['paymaster-signer']
  if (paymasterSigner !== undefined && !/^0x[0-9a-fA-F]{40}$/.test(paymasterSigner))
    throw new Error(`--paymaster-signer must be an address, got ${paymasterSigner}`)
  const withSolana = !values['without-solana']
  const solanaPort = parsePort('--solana-port', values['solana-port'] ?? '8899')
  const solanaFund = values['solana-fund'] ?? []
  if (!withSolana && (values['solana-port'] !== undefined || solanaFund.length > 0))
    throw new Error('--solana-port and --solana-fund need the Solana runtime: drop --without-solana')

  // A signal during start-up stops the devnet as soon as it is up (or failed); the children never outlive us.
  let devnet: Devnet | undefined
  let solana: SolanaDevnet | undefined
  let stopRequested = false
  const stopAll = () => Promise.all([devnet?.stop(), solana?.stop()])
  const stop = async () => {
    if (stopRequested) return
    stopRequested = true
    if (devnet) {
      await stopAll()
      console.log('sigil-devnet stopped')
      process.exit(0)
    }
  }
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)

  const started = performance.now()
  // The Solana runtime first: it is in process and takes milliseconds, so a busy port stops us before anvil.
  if (withSolana)
    solana = await startSolanaDevnet({
      port: solanaPort,
      fund: solanaFund.map((address) => ({ address, lamports: solanaFundLamports })),
    })
  try {
    devnet = await startDevnet({
      // 0: startDevnet picks a free port (outside the kernel's ephemeral range).
      port: port || undefined,
      bundlerPort: bundlerPort || undefined,
      paymasterSigner: paymasterSigner as Address | undefined,
      log: values.log,
    })
  } catch (error) {
    await solana?.stop()
    throw error
  }
  if (stopRequested) {
    await stopAll()
    process.exit(0)
  }
  const seconds = ((performance.now() - started) / 1000).toFixed(1)
  console.log(describe(devnet, paymasterSigner ?? devnet.paymasterOwner.address, solana, solanaFund))
  console.log(`Ready in ${seconds} s`)
  console.log('Stop with Ctrl-C')
}

function describe(
  devnet: Devnet,
  signer: string,
  solana: SolanaDevnet | undefined,
  solanaFund: string[],
): string {
  const { light, modular } = devnet.accounts
  const line = (label: string, value: string) => `  ${`${label}:`.padEnd(34)} ${value}`
  const solanaLines = solana
    ? [line('Solana RPC (litesvm)', solana.rpcUrl), line('Solana websocket', solana.wsUrl)]
    : []
  const solanaFunded =
    solanaFund.length > 0
      ? ['  Solana accounts (1000 SOL each):', ...solanaFund.map((address) => `    ${address}`)]
      : []
  return [
    `Sigil devnet (chain id ${devnet.chainId})`,
    line('node (anvil)', devnet.rpcUrl),
    line('bundler (alto)', `${devnet.bundlerUrl} (alto listens on 0.0.0.0)`),
    ...solanaLines,
    ...(['0.6', '0.7', '0.8'] as const).map((version) =>
      line(`EntryPoint v${version}`, devnet.entryPoints[version]),
    ),
    ...(['0.6', '0.7', '0.8'] as const).map((version) =>
      line(`SigilPaymaster v${version}`, devnet.paymasters[version]),
    ),
    line('paymaster owner', `${devnet.paymasterOwner.address} (key ${devnet.paymasterOwner.privateKey})`),
    line('paymaster signer', signer),
    line('LightAccount v1.1.0 factory', light.lightAccountV1.factory),
    line('LightAccount v2.0.0 factory', light.lightAccountV2.factory),
    line('MultiOwnerLightAccount factory', light.multiOwnerLightAccountV2.factory),
    line('MultiOwnerModularAccount factory', modular.multiOwnerModularAccount.factory),
    line('MultiOwnerPlugin', modular.multiOwnerModularAccount.multiOwnerPlugin),
    line('ModularAccountV2 factory', modular.modularAccountV2.factory),
    line('ModularAccountV2 7702 impl', modular.modularAccountV2In7702.implementation),
    '  dev accounts (10000 ETH each):',
    ...devnet.devAccounts.map(({ address, privateKey }) => `    ${address}  key ${privateKey}`),
    ...solanaFunded,
  ].join('\n')
}

function parsePort(flag: string, value: string): number {
  const port = Number(value)
  if (value.trim() === '' || !Number.isInteger(port) || port < 0 || port > 65_535)
    throw new Error(`${flag} must be 0-65535 (0 picks a free port), got ${value}`)
  return port
}

async function main(argv: string[]): Promise<void> {
  const [command, ...rest] = argv
  if (command === 'start') return startCommand(rest)
  if (!command || command === '--help' || command === '-h' || command === 'help')
    return void console.log(usage)
  throw new Error(`unknown command: ${argv.join(' ')}\n\n${usage}`)
}

main(process.argv.slice(2)).catch((error: unknown) => {
  const message =
    error instanceof BaseError
      ? [error.shortMessage, error.details].filter(Boolean).join(': ')
      : error instanceof Error
        ? error.message
        : String(error)
  console.error(`sigil-devnet: ${message}`)
  process.exit(1)
})
