import ts from 'typescript'
import type { MigrationMaps } from './readMigrationMaps.js'

export type MigrateSourceReturnType = {
  /** The source with the guide's imports and names applied. */
  code: string
  /** Names imported from Account Kit that the name map does not list. */
  unmapped: string[]
  /** Names imported from Account Kit that the name map marks "—" (no Sigil counterpart). */
  unsupported: string[]
  /** Account Kit modules the import map does not list (subpaths included). */
  unmappedModules: string[]
}

/**
 * Migrates one file of an Account Kit app the way docs/migrating-from-account-kit.md#stage-2-sigils-packages
 * says, steps 2 and 3: every `@account-kit/*` import goes to its Sigil package, and every identifier
 * that the name map renames (imported names and the `createConfig` options alike) takes its Sigil name.
 * Works on the syntax tree, so strings and comments stay as they are. Reports the imported names and
 * modules the maps do not cover instead of guessing.
 *
 * @example
 * const { code, unmapped } = migrateSource('App.tsx', source, readMigrationMaps(guide))
 */
export function migrateSource(
  fileName: string,
  source: string,
  { imports, names }: MigrationMaps,
): MigrateSourceReturnType {
  const file = ts.createSourceFile(
    fileName,
    source,
    ts.ScriptTarget.Latest,
    true,
    fileName.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  )
  const edits: { start: number; end: number; text: string }[] = []
  const unmapped = new Set<string>()
  const unsupported = new Set<string>()
  const unmappedModules = new Set<string>()

  for (const statement of file.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue
    const module = statement.moduleSpecifier.text
    if (!module.startsWith('@account-kit/')) continue
    const target = imports.get(module)
    if (target === undefined) unmappedModules.add(module)
    else
      edits.push({
        start: statement.moduleSpecifier.getStart(file) + 1,
        end: statement.moduleSpecifier.getEnd() - 1,
        text: target,
      })
    const bindings = statement.importClause?.namedBindings
    if (!bindings || !ts.isNamedImports(bindings)) continue
    for (const specifier of bindings.elements) {
      const name = (specifier.propertyName ?? specifier.name).text
      if (!names.has(name)) unmapped.add(name)
      else if (names.get(name) === null) unsupported.add(name)
    }
  }

  const visit = (node: ts.Node): void => {
    if (ts.isIdentifier(node)) {
      const renamed = names.get(node.text)
      if (renamed && renamed !== node.text)
        edits.push({ start: node.getStart(file), end: node.getEnd(), text: renamed })
    }
    ts.forEachChild(node, visit)
  }
  visit(file)

  let code = source
  for (const { start, end, text } of edits.sort((a, b) => b.start - a.start))
    code = code.slice(0, start) + text + code.slice(end)
  return {
    code,
    unmapped: [...unmapped],
    unsupported: [...unsupported],
    unmappedModules: [...unmappedModules],
  }
}
