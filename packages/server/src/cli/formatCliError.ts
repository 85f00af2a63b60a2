import { BaseError } from '@sigil/protocol'
import { cliUsage } from './runCliCommand.js'

/**
 * The one line (no stack trace, no SQL text) that `sigil-server` prints on stderr for a command's error
 * before it exits 1: `sigil-server: <message>`, the error's code when the message does not name it, and for
 * a flag `parseArgs` does not know (or a missing or extra value) the usage after it.
 *
 * @example
 * runCliCommand(argv).catch((error) => { console.error(formatCliError(error)); process.exit(1) })
 */
export function formatCliError(error: unknown): string {
  const message =
    error instanceof BaseError ? error.shortMessage : error instanceof Error ? error.message : String(error)
  const code = (error as { code?: unknown } | undefined)?.code
  if (typeof code === 'string' && code.startsWith('ERR_PARSE_ARGS_'))
    return `sigil-server: ${message}\n\n${cliUsage}`
  return `sigil-server: ${message}${typeof code === 'string' && !message.includes(code) ? ` (${code})` : ''}`
}
