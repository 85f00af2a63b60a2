/**
 * The log format: `SIGIL_LOG_FORMAT` (`json` or `text`) when set, else JSON lines, or readable text lines
 * in dev mode (docs/deploy.md#logs).
 *
 * @example
 * createLogger({ format: resolveLogFormat(false) }) // 'json' unless SIGIL_LOG_FORMAT=text
 */
export function resolveLogFormat(dev: boolean, env: NodeJS.ProcessEnv = process.env): 'json' | 'text' {
  const given = env.SIGIL_LOG_FORMAT
  if (given === 'json' || given === 'text') return given
  if (given) throw new Error(`SIGIL_LOG_FORMAT must be json or text, got ${given}`)
  return dev ? 'text' : 'json'
}
