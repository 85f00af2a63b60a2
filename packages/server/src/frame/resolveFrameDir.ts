import { existsSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'

/**
 * Where the built key-frame pages are: `SIGIL_FRAME_DIR`, else the `dist` folder of the installed
 * `@sigil/frame` package (built by `npm run build`). Undefined when they have not been built.
 *
 * @example
 * const dir = resolveFrameDir() // '/app/node_modules/@sigil/frame/dist'
 */
export function resolveFrameDir(env: Record<string, string | undefined> = process.env): string | undefined {
  if (env.SIGIL_FRAME_DIR)
    return existsSync(join(env.SIGIL_FRAME_DIR, 'auth.html')) ? env.SIGIL_FRAME_DIR : undefined
  try {
    const dir = join(dirname(createRequire(import.meta.url).resolve('@sigil/frame/package.json')), 'dist')
    return existsSync(join(dir, 'auth.html')) ? dir : undefined
  } catch {
    return undefined
  }
}
