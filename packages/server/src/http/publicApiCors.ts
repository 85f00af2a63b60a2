import { cors } from 'hono/cors'

/**
 * CORS for `/public/v1`: any origin may call it (every request is authenticated by its stamp, not
 * by cookies), with the headers Turnkey-style clients send.
 *
 * @example
 * app.use('/public/v1/*', publicApiCors())
 */
export function publicApiCors() {
  return cors({
    origin: '*',
    allowMethods: ['POST', 'OPTIONS'],
    allowHeaders: [
      'Content-Type',
      'X-Stamp',
      'X-Stamp-Webauthn',
      'X-Stamp-Attested',
      'X-Client-Version',
      'X-Session',
    ],
    maxAge: 600,
  })
}
