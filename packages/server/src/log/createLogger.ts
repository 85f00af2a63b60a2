import { pino } from 'pino'
import { processLineBuffers } from './processLineBuffers.js'
import { redactedLogPaths } from './redactedLogPaths.js'
import { requestContext } from './requestContext.js'

export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent'
export type LogFields = Record<string, string | number | boolean | null | undefined>
export type Logger = {
  debug(message: string, fields?: LogFields): void
  info(message: string, fields?: LogFields): void
  warn(message: string, fields?: LogFields): void
  error(message: string, fields?: LogFields): void
}

type LineLevel = Exclude<LogLevel, 'silent'>

export type CreateLoggerParameters = {
  level?: LogLevel
  /**
   * Where lines go; defaults to stdout (debug, info) and stderr (warn, error), each turn's lines in one
   * write (`processLineBuffers`).
   */
  write?: (line: string, level: LineLevel) => void
  /** `json` (the default) writes one JSON object per line; `text` a readable line, for development. */
  format?: 'json' | 'text'
}

const levelByNumber: Record<number, LineLevel> = { 20: 'debug', 30: 'info', 40: 'warn', 50: 'error' }

/**
 * The server's structured logger, on pino. A JSON line is
 * `{"level":"info","time":1764147600000,"pid":…,"requestId":"…","message":"…",…fields}`: `requestId` is there on
 * every line written while a request is handled (see `requestContext`), and secret-named fields are
 * redacted (`redactedLogPaths`). Callers still pass only safe fields: ids, names, counts — never key
 * material, mnemonics, stamps or SQL (docs/deploy.md#logs).
 *
 * @example
 * const log = createLogger({ level: 'info' })
 * log.info('server listening', { url: 'http://127.0.0.1:8787' })
 */
export function createLogger(parameters: CreateLoggerParameters = {}): Logger {
  const { level = 'info', format = 'json' } = parameters
  const write =
    parameters.write ??
    ((line: string, lineLevel: LineLevel) => {
      const { stdout, stderr } = processLineBuffers()
      ;(lineLevel === 'warn' || lineLevel === 'error' ? stderr : stdout).push(line)
    })
  const destination = {
    write(chunk: string) {
      const line = chunk.endsWith('\n') ? chunk.slice(0, -1) : chunk
      if (format === 'text') {
        const parsed = JSON.parse(line) as Record<string, unknown> & { level: LineLevel }
        return write(toTextLine(parsed), parsed.level)
      }
      // The level formatter puts it first: `{"level":"info",…` (no parse on the hot path).
      write(line, line.slice(10, line.indexOf('"', 10)) as LineLevel)
    },
  }
  const logger = pino(
    {
      level,
      messageKey: 'message',
      base: { pid: process.pid },
      // Epoch milliseconds: an ISO string cost ~6 µs a line on the bench machine.
      timestamp: pino.stdTimeFunctions.epochTime,
      formatters: { level: (_label, number) => ({ level: levelByNumber[number] ?? 'info' }) },
      mixin: () => requestContext.getStore() ?? {},
      redact: { paths: redactedLogPaths, censor: '[redacted]' },
    },
    destination,
  )
  const emit = (lineLevel: LineLevel) => (message: string, fields?: LogFields) => {
    if (fields) logger[lineLevel](fields, message)
    else logger[lineLevel](message)
  }
  return { debug: emit('debug'), info: emit('info'), warn: emit('warn'), error: emit('error') }
}

/** `info  message key=value …`: the JSON line for a developer's terminal. */
function toTextLine(parsed: Record<string, unknown>): string {
  const { level, message, time: _time, pid: _pid, ...fields } = parsed
  const rest = Object.entries(fields)
    .filter(([, value]) => value !== undefined)
    .map(
      ([key, value]) =>
        `${key}=${typeof value === 'string' && /\s/.test(value) ? JSON.stringify(value) : String(value)}`,
    )
    .join(' ')
  return `${String(level).padEnd(5)} ${String(message)}${rest ? ` ${rest}` : ''}`
}
