/**
 * The `NAME=value` lines of an environment file as systemd's `EnvironmentFile=` reads them: comments and
 * blank lines skipped, one pair of outer quotes removed (so a JSON value in single quotes keeps its own
 * double quotes).
 *
 * @example
 * parseEnvFile("PORT=8787\nSIGIL_MAIL_FROM='Sigil <a@b.c>'") // { PORT: '8787', SIGIL_MAIL_FROM: 'Sigil <a@b.c>' }
 */
export function parseEnvFile(text: string): Record<string, string> {
  return Object.fromEntries(
    text
      .split('\n')
      .map((line) => line.match(/^([A-Z][A-Z0-9_]*)=(.*)$/))
      .filter((match) => match !== null)
      .map(([, name, value]) => [name!, value!.replace(/^'(.*)'$/, '$1').replace(/^"(.*)"$/, '$1')]),
  )
}
