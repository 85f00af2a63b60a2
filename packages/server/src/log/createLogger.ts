export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent'
export type LogFields = Record<string, string | number | boolean | null | undefined>
export type Logger = {
  debug(message: string, fields?: LogFields): void
  info(message: string, fields?: LogFields): void
  warn(message: string, fields?: LogFields): void
  error(message: string, fields?: LogFields): void
}

const order: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 }

export type CreateLoggerParameters = {
  level?: LogLevel
  /** Where lines go; defaults to stdout (debug, info) and stderr (warn, error). */
  write?: (line: string, level: Exclude<LogLevel, 'silent'>) => void
  /** `json` writes one JSON object per line; `text` a readable line. */
  format?: 'json' | 'text'
}

/**
 * A small structured logger. Callers pass only safe fields: ids, names, counts — never key
 * material, mnemonics, stamps or SQL.
 *
 * @example
 * const log = createLogger({ level: 'info' })
 * log.info('server listening', { url: 'http://127.0.0.1:8787' })
 */
export function createLogger(parameters: CreateLoggerParameters = {}): Logger {
  const { level = 'info', format = 'text' } = parameters
  const write =
    parameters.write ??
    ((line, lineLevel) =>
      (lineLevel === 'warn' || lineLevel === 'error' ? process.stderr : process.stdout).write(`${line}\n`))
  const emit = (lineLevel: Exclude<LogLevel, 'silent'>, message: string, fields?: LogFields) => {
    if (order[lineLevel] < order[level]) return
    if (format === 'json') {
      write(
        JSON.stringify({ time: new Date().toISOString(), level: lineLevel, message, ...fields }),
        lineLevel,
      )
      return
    }
    const rest = fields
      ? Object.entries(fields)
          .filter(([, value]) => value !== undefined)
          .map(
            ([key, value]) =>
              `${key}=${typeof value === 'string' && /\s/.test(value) ? JSON.stringify(value) : value}`,
          )
          .join(' ')
      : ''
    write(`${lineLevel.padEnd(5)} ${message}${rest ? ` ${rest}` : ''}`, lineLevel)
  }
  return {
    debug: (message, fields) => emit('debug', message, fields),
    info: (message, fields) => emit('info', message, fields),
    warn: (message, fields) => emit('warn', message, fields),
    error: (message, fields) => emit('error', message, fields),
  }
}
