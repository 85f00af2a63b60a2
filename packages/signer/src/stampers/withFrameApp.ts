/**
 * `url` of a key frame page with `app=<appId>` in its query, as the server serves the frames per app
 * (only that app's origins may embed them). A URL that already names an app is kept as it is.
 *
 * @example
 * withFrameApp('https://signer.example.com/frame/auth', 'app_123')
 * // 'https://signer.example.com/frame/auth?app=app_123'
 */
export function withFrameApp(url: string, appId: string): string {
  const [base = '', hash] = url.split(/#(.*)/s)
  const query = base.split('?')[1] ?? ''
  if (query.split('&').some((pair) => pair.startsWith('app='))) return url
  const joined = `${base}${base.includes('?') ? (base.endsWith('?') ? '' : '&') : '?'}app=${encodeURIComponent(appId)}`
  return hash === undefined ? joined : `${joined}#${hash}`
}
