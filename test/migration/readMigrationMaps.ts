/** The two tables of docs/migrating-from-account-kit.md#stage-2-sigils-packages, as the test applies them. */
export type MigrationMaps = {
  /** Account Kit package → Sigil package (the import map). */
  imports: Map<string, string>
  /** Account Kit name → Sigil name, or `null` where the guide says "—" (no counterpart). */
  names: Map<string, string | null>
}

/**
 * Reads the import map and the name map from the guide's markdown: the tables whose header starts with
 * `| Account Kit package | Sigil package |` and `| Account Kit name | Sigil name |`. Each row gives the
 * first backticked word of its first two cells; a second cell of `—` maps to `null`. Throws when a
 * table is missing or empty.
 *
 * @example
 * const { imports, names } = readMigrationMaps(await readFile('docs/migrating-from-account-kit.md', 'utf8'))
 * imports.get('@account-kit/react') // '@sigil/react'
 */
export function readMigrationMaps(markdown: string): MigrationMaps {
  const imports = new Map<string, string | null>()
  const names = new Map<string, string | null>()
  readTable(markdown, /^\|\s*Account Kit package\s*\|\s*Sigil package\s*\|/, imports)
  readTable(markdown, /^\|\s*Account Kit name\s*\|\s*Sigil name\s*\|/, names)
  const missing = [...imports].filter(([, to]) => to === null)
  if (missing.length)
    throw new Error(`the import map has no Sigil package for ${missing.map(([from]) => from)}`)
  return { imports: imports as Map<string, string>, names }
}

function readTable(markdown: string, header: RegExp, into: Map<string, string | null>): void {
  const lines = markdown.split('\n')
  const start = lines.findIndex((line) => header.test(line))
  if (start < 0) throw new Error(`no table with the header ${header} in the guide`)
  // The header, then the |---| line, then rows until the first line that is not a table row.
  for (const line of lines.slice(start + 2)) {
    if (!line.startsWith('|')) break
    const [from, to] = line.split('|').slice(1, 3)
    const key = firstCode(from ?? '')
    if (!key) throw new Error(`a row of the table ${header} names nothing: ${line}`)
    into.set(key, to?.trim() === '—' ? null : (firstCode(to ?? '') ?? null))
  }
  if (into.size === 0) throw new Error(`the table ${header} has no rows`)
}

function firstCode(cell: string): string | undefined {
  return cell.match(/`([^`]+)`/)?.[1]
}
