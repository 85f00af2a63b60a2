/**
 * `node:util` `parseArgs` reads a value that starts with `-` as another option (so
 * `--jwt-public-key "-----BEGIN PUBLIC KEY-----…"` fails). For the named string options, a following
 * argument that starts with `-----` (a PEM block, never an option) is joined as `--name=value`, which
 * `parseArgs` takes as it is.
 *
 * @example
 * joinDashedValues(['--jwt-public-key', '-----BEGIN PUBLIC KEY-----\n…'], ['jwt-public-key'])
 * // ['--jwt-public-key=-----BEGIN PUBLIC KEY-----\n…']
 */
export function joinDashedValues(args: string[], names: string[]): string[] {
  const joined: string[] = []
  for (let index = 0; index < args.length; index += 1) {
    const arg = args[index] as string
    const next = args[index + 1]
    if (arg === '--') {
      joined.push(...args.slice(index))
      break
    }
    if (names.some((name) => arg === `--${name}`) && next?.startsWith('-----')) {
      joined.push(`${arg}=${next}`)
      index += 1
    } else joined.push(arg)
  }
  return joined
}
