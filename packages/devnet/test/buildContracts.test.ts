import { spawn } from 'node:child_process'
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, test } from 'vitest'

/**
 * CI's proof that the committed artifacts (`src/artifacts/<group>/*.ts`) are what `scripts/buildContracts.ts`
 * compiles from `contracts/<group>/*.sol`: the script's `--check` over every group.
 */

const packageRoot = fileURLToPath(new URL('..', import.meta.url))
const repositoryRoot = join(packageRoot, '..', '..')
const slow = { timeout: 300_000 }

function run(script: string, args: string[]): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
    cwd: packageRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout.on('data', (chunk) => {
    output += chunk
  })
  child.stderr.on('data', (chunk) => {
    output += chunk
  })
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, output })))
}

describe('scripts/buildContracts.ts --check', slow, () => {
  const scratch: string[] = []
  afterAll(() => Promise.all(scratch.map((dir) => rm(dir, { recursive: true, force: true }))))

  test('default: every group of contracts/ matches its committed artifacts', async () => {
    const groups = (await readdir(join(packageRoot, 'contracts'), { withFileTypes: true }))
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
    expect(groups).toContain('paymaster')
    const { code, output } = await run(join(packageRoot, 'scripts', 'buildContracts.ts'), ['--check'])
    expect(output).not.toContain('out of date')
    for (const group of groups) expect(output).toMatch(new RegExp(`contracts/${group}: \\d+ artifacts match`))
    expect(code).toBe(0)
  })

  test('error: a stale artifact fails the check', async () => {
    // A copy of the script and the paymaster sources (`<dir>/devnet/`) and of their artifacts where the script
    // writes that group (`<dir>/protocol/src/paymaster/artifacts/`, @sigil/protocol's place beside the devnet),
    // under node_modules so that solc and the Solidity packages resolve as from the real package; one artifact
    // edited.
    const dir = await mkdtemp(join(repositoryRoot, 'node_modules', '.cache-sigil-devnet-check-'))
    scratch.push(dir)
    await cp(join(packageRoot, 'scripts'), join(dir, 'devnet', 'scripts'), { recursive: true })
    await cp(join(packageRoot, 'contracts', 'paymaster'), join(dir, 'devnet', 'contracts', 'paymaster'), {
      recursive: true,
    })
    const artifacts = join(dir, 'protocol', 'src', 'paymaster', 'artifacts')
    await cp(join(repositoryRoot, 'packages', 'protocol', 'src', 'paymaster', 'artifacts'), artifacts, {
      recursive: true,
    })
    const artifact = join(artifacts, 'SigilPaymaster07.ts')
    await writeFile(
      artifact,
      (await readFile(artifact, 'utf8')).replace("deployedBytecode: '0x6", "deployedBytecode: '0x7"),
    )
    const { code, output } = await run(join(dir, 'devnet', 'scripts', 'buildContracts.ts'), [
      '--check',
      'paymaster',
    ])
    expect(output).toContain('contracts/paymaster: artifacts out of date')
    expect(output).toContain('SigilPaymaster07')
    expect(code).toBe(1)
  })
})
