import type { LogLevel } from './createLogger.js'

const levels: LogLevel[] = ['debug', 'info', 'warn', 'error', 'silent']

/**
 * The log level: `SIGIL_LOG_LEVEL` (`debug`, `info`, `warn`, `error` or `silent`) when set, else `info`
 * (docs/deploy.md#logs). `warn` drops the one `request` line per request.
 *
 * @example
 * createLogger({ level: resolveLogLevel() })
 */
export function resolveLogLevel(env: NodeJS.ProcessEnv = process.env): LogLevel {
  const given = env.SIGIL_LOG_LEVEL
  if (!given) return 'info'
  if (!(levels as string[]).includes(given))
    throw new Error(`SIGIL_LOG_LEVEL must be one of ${levels.join(', ')}, got ${given}`)
  return given as LogLevel
}
