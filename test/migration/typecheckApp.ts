import { execFile } from 'node:child_process'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'

/**
 * Type-checks the migrated app in `dir` against Sigil's packages, in a child process (so a test can
 * start its servers meanwhile): see `checkAppTypes`. Rejects with the diagnostics.
 *
 * @example
 * await typecheckApp(app.dir)
 */
export function typecheckApp(dir: string): Promise<void> {
  const script = fileURLToPath(import.meta.url)
  return new Promise((resolve, reject) => {
    execFile(process.execPath, ['--import', 'tsx', script, dir], (error, stdout, stderr) => {
      if (error) reject(new Error(`tsc refused the migrated app:\n${stdout}${stderr}`))
      else resolve()
    })
  })
}

/**
 * The app's own files checked with the TypeScript API: the program is the app's `tsconfig.json`, and
 * diagnostics are asked for the app's files only, so the packages' sources (resolved from source) are
 * checked only as far as the app uses them. Answers the formatted diagnostics, empty when none.
 *
 * @example
 * const report = checkAppTypes(dir)
 */
export function checkAppTypes(dir: string): string {
  const configPath = join(dir, 'tsconfig.json')
  const parsed = ts.getParsedCommandLineOfConfigFile(
    configPath,
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'))
      },
    },
  )
  if (!parsed) throw new Error(`no tsconfig at ${configPath}`)
  const program = ts.createProgram({ rootNames: parsed.fileNames, options: parsed.options })
  const diagnostics = [
    ...parsed.errors,
    ...program.getOptionsDiagnostics(),
    ...program.getGlobalDiagnostics(),
    ...parsed.fileNames.flatMap((name) => {
      const file = program.getSourceFile(name)
      return file ? [...program.getSyntacticDiagnostics(file), ...program.getSemanticDiagnostics(file)] : []
    }),
  ]
  return ts.formatDiagnostics(diagnostics, {
    getCanonicalFileName: (name) => name,
    getCurrentDirectory: () => dir,
    getNewLine: () => '\n',
  })
}

// Run as a script (`node --import tsx typecheckApp.ts <dir>`): print the diagnostics, exit 1 if any.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const report = checkAppTypes(process.argv[2] ?? '.')
  if (report) {
    process.stdout.write(report)
    process.exitCode = 1
  }
}
