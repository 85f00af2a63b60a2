import { parseArgs } from 'node:util'
import { BaseError } from '@sigil/protocol'
import type { Address } from 'viem'
import { type Devnet, startDevnet } from './startDevnet.js'

const startUsage = 'sigil-devnet start [--port 8545] [--bundler-port 4337] [--paymaster-signer 0x…] [--log]'
const usage = `Usage:
  ${startUsage}

Starts anvil (chain id 31337), EntryPoint v0.6/v0.7/v0.8, Sigil's account stand-ins and paymasters, and the alto
bundler; prints every URL and address; stops everything on Ctrl-C or SIGTERM.`

/** `sigil-devnet start`: runs the devnet until SIGINT/SIGTERM. */
async function startCommand(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: {
      port: { type: 'string' },
      'bundler-port': { type: 'string' },
      'paymaster-signer': { type: 'string' },
      log: { type: 'boolean' },
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

  // A signal during start-up stops the devnet as soon as it is up (or failed); the children never outlive us.
  let devnet: Devnet | undefined
  let stopRequested = false
  const stop = async () => {
    if (stopRequested) return
    stopRequested = true
    if (devnet) {
      await devnet.stop()
      console.log('sigil-devnet stopped')
      process.exit(0)
    }
  }
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)

  const started = performance.now()
  devnet = await startDevnet({
    port,
    bundlerPort,
    paymasterSigner: paymasterSigner as Address | undefined,
    log: values.log,
  })
  if (stopRequested) {
    await devnet.stop()
    process.exit(0)
  }
  const seconds = ((performance.now() - started) / 1000).toFixed(1)
  console.log(describe(devnet, paymasterSigner ?? devnet.paymasterOwner.address))
  console.log(`Ready in ${seconds} s`)
  console.log('Stop with Ctrl-C')
}

function describe(devnet: Devnet, signer: string): string {
  const { light, modular } = devnet.accounts
  const line = (label: string, value: string) => `  ${`${label}:`.padEnd(34)} ${value}`
  return [
    `Sigil devnet (chain id ${devnet.chainId})`,
    line('node (anvil)', devnet.rpcUrl),
    line('bundler (alto)', `${devnet.bundlerUrl} (alto listens on 0.0.0.0)`),
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
  ].join('\n')
}

function parsePort(flag: string, value: string): number {
  const port = Number(value)
  if (!Number.isInteger(port) || port < 1 || port > 65_535)
    throw new Error(`${flag} must be 1-65535, got ${value}`)
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
