/**
 * Runs after `tsc -b`: copies the stylesheet next to the components that import it, and drops the
 * `import './sigil.css'` line tsc keeps in their declaration files. The JavaScript keeps the import (a
 * bundler loads the stylesheet from it); a type checker would otherwise have to resolve a `.css` module
 * (`noUncheckedSideEffectImports`, `@arethetypeswrong/cli`'s internal-resolution rule). The line is
 * replaced by an empty one so the declaration maps still point at the right lines.
 *
 * @example
 * node scripts/finishBuild.js // from packages/react, after tsc -b
 */
import { cpSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

cpSync('src/components/sigil.css', 'dist/components/sigil.css')

const cssImport = /^import '\.\/[\w.-]+\.css';?$/gm
for (const entry of readdirSync('dist', { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || !entry.name.endsWith('.d.ts')) continue
  const file = join(entry.parentPath, entry.name)
  const text = readFileSync(file, 'utf8')
  const stripped = text.replace(cssImport, '')
  if (stripped !== text) writeFileSync(file, stripped)
}
