import { readFile } from 'node:fs/promises'
import { extname, join, normalize } from 'node:path'
import { Hono } from 'hono'
import { ApiError } from '../http/errors/ApiError.js'
import type { SigilContext } from '../SigilContext.js'

const contentTypes: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.svg': 'image/svg+xml',
}

const escapeAttribute = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

/** The one query parameter of a frame page: the app whose origins may embed it. */
const frameAppParameter = 'app'

/**
 * The allowed origins of the app a frame page is served for (`?app=<app id>`): only that app's
 * pages may embed the frame and talk to it, never another tenant's.
 */
async function frameAppOrigins(ctx: SigilContext, appId: string | undefined): Promise<string[]> {
  if (!appId)
    throw new ApiError(
      'INVALID_ARGUMENT',
      `the key frame URL names its app: /frame/auth?${frameAppParameter}=<app id> (@sigil/signer adds it)`,
      { errorCode: 'FRAME_APP_REQUIRED' },
    )
  const row =
    appId.length <= 128
      ? await ctx.store.db
          .selectFrom('apps')
          .select('allowed_origins')
          .where('id', '=', appId)
          .executeTakeFirst()
      : undefined
  if (!row) throw new ApiError('NOT_FOUND', 'no such app', { errorCode: 'FRAME_APP_NOT_FOUND' })
  return JSON.parse(row.allowed_origins) as string[]
}

/**
 * Serves the key frames under `/frame/`: `auth`, `export` and `import` pages per app
 * (`/frame/auth?app=<app id>`) with their settings (that app's allowed origins, the export signer key
 * that signs export and import bundles) written in, a strict CSP
 * whose `frame-ancestors` lists that app's origins only, and the hashed assets. A page without an
 * app answers 400 `FRAME_APP_REQUIRED`, one of an unknown app 404 `FRAME_APP_NOT_FOUND`, and 400
 * `FRAME_NOT_BUILT` when the pages were not built.
 *
 * @example
 * app.route('/frame', createFrameRoutes(ctx, resolveFrameDir()))
 * // the SDK embeds https://signer.example.com/frame/auth?app=<app id>
 */
export function createFrameRoutes(ctx: SigilContext, frameDir: string | undefined): Hono {
  const routes = new Hono()
  const notBuilt = () =>
    new ApiError('FAILED_PRECONDITION', 'the key frame pages are not built: run `npm run build`', {
      errorCode: 'FRAME_NOT_BUILT',
    })

  const page = (name: 'auth' | 'export' | 'import') => async (c: import('hono').Context) => {
    if (!frameDir) throw notBuilt()
    const origins = await frameAppOrigins(ctx, c.req.query(frameAppParameter))
    const settings = JSON.stringify({
      allowedOrigins: origins,
      exportSignerPublicKey: ctx.exportSignerPublicKey,
    })
    const html = (await readFile(join(frameDir, `${name}.html`), 'utf8')).replace(
      /<meta name="sigil-frame-settings" content="[^"]*"\s*\/?>/,
      `<meta name="sigil-frame-settings" content="${escapeAttribute(settings)}" />`,
    )
    c.header(
      'Content-Security-Policy',
      [
        "default-src 'none'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self' data:",
        "connect-src 'none'",
        "base-uri 'none'",
        "form-action 'none'",
        `frame-ancestors ${origins.length ? origins.join(' ') : "'none'"}`,
      ].join('; '),
    )
    c.header('Cache-Control', 'no-store')
    c.header('Referrer-Policy', 'no-referrer')
    c.header('X-Content-Type-Options', 'nosniff')
    return c.html(html)
  }
  routes.get('/auth', page('auth'))
  routes.get('/auth.html', page('auth'))
  routes.get('/export', page('export'))
  routes.get('/export.html', page('export'))
  routes.get('/import', page('import'))
  routes.get('/import.html', page('import'))

  routes.get('/assets/:file', async (c) => {
    if (!frameDir) throw notBuilt()
    const file = c.req.param('file')
    const path = normalize(join(frameDir, 'assets', file))
    if (!/^[\w.-]+$/.test(file) || !path.startsWith(join(frameDir, 'assets')))
      throw new ApiError('NOT_FOUND', 'no such frame asset', { errorCode: 'NOT_FOUND' })
    let body: Buffer
    try {
      body = await readFile(path)
    } catch (cause) {
      throw new ApiError('NOT_FOUND', 'no such frame asset', { errorCode: 'NOT_FOUND', cause })
    }
    c.header('Content-Type', contentTypes[extname(file)] ?? 'application/octet-stream')
    c.header('Cache-Control', 'public, max-age=31536000, immutable')
    c.header('X-Content-Type-Options', 'nosniff')
    return c.body(new Uint8Array(body))
  })
  return routes
}
