import { readFile } from 'node:fs/promises'
import type { Hex } from 'viem'
import { PaymasterDeployError } from './PaymasterDeployError.js'

/**
 * The deployer's private key: the file `keyFile` (`--private-key-file`) else `SIGIL_DEPLOYER_KEY`; 32 bytes
 * hex, with or without `0x`. Errors never quote the key. Undefined when neither is given.
 *
 * @example
 * const key = await readDeployerKey({ keyFile: values['private-key-file'], env: process.env })
 */
export async function readDeployerKey({
  keyFile,
  env,
}: {
  keyFile?: string | undefined
  env: Record<string, string | undefined>
}): Promise<Hex | undefined> {
  let text: string | undefined
  let source: string
  if (keyFile) {
    source = `--private-key-file ${keyFile}`
    try {
      text = await readFile(keyFile, 'utf8')
    } catch (error) {
      throw new PaymasterDeployError(`cannot read ${source}: ${(error as NodeJS.ErrnoException).code}`)
    }
  } else {
    source = 'SIGIL_DEPLOYER_KEY'
    text = env.SIGIL_DEPLOYER_KEY || undefined
  }
  if (text === undefined) return undefined
  const hex = text.trim().replace(/^0x/i, '')
  if (!/^[0-9a-fA-F]{64}$/.test(hex))
    throw new PaymasterDeployError(`${source}: expected a 32-byte hex private key`)
  return `0x${hex.toLowerCase()}`
}
