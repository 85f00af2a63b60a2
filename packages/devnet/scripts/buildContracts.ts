// biome-ignore-all lint/suspicious/noConsole: a build script reports to the terminal
/**
 * Compiles Sigil's Solidity sources with solcjs from npm, offline, into one TypeScript module per deployable
 * contract (ABI `as const`, creation and runtime bytecode). Each folder of `contracts/` is a group compiled on
 * its own (`contracts/light/*.sol` → `src/artifacts/light/*.ts`; the paymaster group goes to
 * `@sigil/protocol`'s `src/paymaster/artifacts/`); sources import within their group by relative
 * paths and from npm packages (solady, OpenZeppelin, account-abstraction 0.6/0.7/0.8).
 *
 *   npm run build:contracts -w @sigil/devnet                   every group
 *   npm run build:contracts -w @sigil/devnet -- light          one group
 *   npm run build:contracts -w @sigil/devnet -- --check        compile and compare with the committed artifacts
 *
 * The artifacts are committed, so starting the devnet never compiles. Metadata hashes are left out of the
 * bytecode, so the output depends on the sources and settings only.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join, relative, sep } from 'node:path'
import { fileURLToPath } from 'node:url'

const require = createRequire(import.meta.url)
const solc = require('solc') as {
  version(): string
  compile(
    input: string,
    callbacks: { import(path: string): { contents: string } | { error: string } },
  ): string
}

const packageDir = join(dirname(fileURLToPath(import.meta.url)), '..')
const contractsDir = join(packageDir, 'contracts')
const artifactsDir = join(packageDir, 'src', 'artifacts')
/**
 * Groups whose artifacts live outside the devnet: the paymasters' go to @sigil/protocol, the one home both the
 * devnet and the server (`sigil-server paymaster deploy`) import them from.
 */
const outDirs: Record<string, string> = {
  paymaster: join(packageDir, '..', 'protocol', 'src', 'paymaster', 'artifacts'),
}

/** Import prefixes and the package folder they resolve to; solady's npm layout keeps its sources in `src/`. */
const remappings: [prefix: string, resolve: () => string][] = [
  ['solady/', () => join(packageRoot('solady'), 'src')],
  ['@openzeppelin/contracts/', () => packageRoot('@openzeppelin/contracts')],
  ['@account-abstraction/contracts/', () => packageRoot('@account-abstraction/contracts')],
  ['aa-contracts-06/', () => packageRoot('aa-contracts-06')],
  ['aa-contracts-07/', () => packageRoot('aa-contracts-07')],
]

function packageRoot(name: string): string {
  return dirname(require.resolve(`${name}/package.json`))
}

function findImport(path: string): { contents: string } | { error: string } {
  for (const [prefix, resolve] of remappings) {
    if (!path.startsWith(prefix)) continue
    const file = join(resolve(), path.slice(prefix.length))
    if (existsSync(file)) return { contents: readFileSync(file, 'utf8') }
    return { error: `not found: ${path}` }
  }
  return { error: `not found: ${path} (import npm packages by name, group files by relative path)` }
}

function listSources(dir: string): string[] {
  if (!existsSync(dir)) return []
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return listSources(path)
    return entry.name.endsWith('.sol') ? [path] : []
  })
}

type SolcOutput = {
  errors?: { severity: 'error' | 'warning' | 'info'; formattedMessage: string }[]
  contracts?: Record<
    string,
    Record<
      string,
      { abi: unknown[]; evm: { bytecode: { object: string }; deployedBytecode: { object: string } } }
    >
  >
}

function compile(group: string): Map<string, string> {
  const groupDir = join(contractsDir, group)
  const sources = Object.fromEntries(
    listSources(groupDir).map((file) => [
      relative(groupDir, file).split(sep).join('/'),
      { content: readFileSync(file, 'utf8') },
    ]),
  )
  const input = {
    language: 'Solidity',
    sources,
    settings: {
      evmVersion: 'prague',
      optimizer: { enabled: true, runs: 200 },
      metadata: { bytecodeHash: 'none', appendCBOR: false },
      outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object', 'evm.deployedBytecode.object'] } },
    },
  }
  const output = JSON.parse(solc.compile(JSON.stringify(input), { import: findImport })) as SolcOutput
  const errors = (output.errors ?? []).filter((error) => error.severity === 'error')
  if (errors.length > 0) {
    throw new Error(
      `solc ${solc.version()} failed on contracts/${group}:\n${errors.map((error) => error.formattedMessage).join('\n')}`,
    )
  }
  const modules = new Map<string, string>()
  for (const [sourceName, contracts] of Object.entries(output.contracts ?? {})) {
    for (const [name, contract] of Object.entries(contracts)) {
      // Only contracts from our own sources that can be deployed: not interfaces, libraries without code, or abstract ones.
      if (!(sourceName in sources) || contract.evm.bytecode.object.length === 0) continue
      if (modules.has(name)) throw new Error(`two contracts are named ${name}; give them distinct names`)
      modules.set(name, renderModule(name, `${group}/${sourceName}`, contract))
    }
  }
  return modules
}

function renderModule(
  name: string,
  sourceName: string,
  contract: { abi: unknown[]; evm: { bytecode: { object: string }; deployedBytecode: { object: string } } },
): string {
  return [
    `// Generated by scripts/buildContracts.ts from contracts/${sourceName} (solc ${solc.version()}). Do not edit.`,
    `export const ${name} = {`,
    `  contractName: '${name}',`,
    `  abi: ${JSON.stringify(contract.abi)},`,
    `  bytecode: '0x${contract.evm.bytecode.object}',`,
    `  deployedBytecode: '0x${contract.evm.deployedBytecode.object}',`,
    '} as const',
    '',
  ].join('\n')
}

function listGroups(): string[] {
  return readdirSync(contractsDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort()
}

function buildGroup(group: string, check: boolean): boolean {
  const started = performance.now()
  const modules = compile(group)
  const seconds = ((performance.now() - started) / 1000).toFixed(1)
  const outDir = outDirs[group] ?? join(artifactsDir, group)
  if (check) {
    const stale = [...modules].filter(([name, text]) => {
      const file = join(outDir, `${name}.ts`)
      return !existsSync(file) || readFileSync(file, 'utf8') !== text
    })
    const committed = existsSync(outDir) ? readdirSync(outDir).filter((file) => file.endsWith('.ts')) : []
    const extra = committed.filter((file) => !modules.has(file.replace(/\.ts$/, '')))
    if (stale.length > 0 || extra.length > 0) {
      const names = [...stale.map(([name]) => name), ...extra].join(', ')
      console.error(
        `contracts/${group}: artifacts out of date (npm run build:contracts -w @sigil/devnet): ${names}`,
      )
      return false
    }
    console.log(`contracts/${group}: ${modules.size} artifacts match their sources (${seconds} s)`)
    return true
  }
  rmSync(outDir, { recursive: true, force: true })
  mkdirSync(outDir, { recursive: true })
  for (const [name, text] of modules) writeFileSync(join(outDir, `${name}.ts`), text)
  console.log(
    `contracts/${group}: compiled ${modules.size} contracts with solc ${solc.version()} in ${seconds} s`,
  )
  return true
}

function main(): void {
  const args = process.argv.slice(2)
  const check = args.includes('--check')
  const requested = args.filter((arg) => !arg.startsWith('--'))
  const groups = requested.length > 0 ? requested : listGroups()
  let ok = true
  for (const group of groups) ok = buildGroup(group, check) && ok
  if (!ok) process.exit(1)
}

main()
