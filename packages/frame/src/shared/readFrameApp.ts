/**
 * The app a frame page was served for: the `app` query parameter of its URL (the server answers
 * only for a known app, with that app's origins in the page's settings and CSP). The first value
 * when the parameter repeats, as the server reads it; `''` without one.
 *
 * @example
 * readFrameApp(window.location) // 'app_123' for /frame/auth?app=app_123
 */
export function readFrameApp(location: Pick<Location, 'search'>): string {
  return new URLSearchParams(location.search).get('app') ?? ''
}
