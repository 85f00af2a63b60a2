const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`)

/** The CSP of the error page: no script, no style, nothing loaded. */
export const oauthErrorPageContentSecurityPolicy =
  "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

/**
 * The page shown when the callback cannot tell where to send its answer (a bad `state`, an unknown
 * request, a foreign origin): a plain message, no redirect, no script.
 *
 * @example
 * c.header('Content-Security-Policy', oauthErrorPageContentSecurityPolicy)
 * return c.html(renderOauthErrorPage('This sign-in link is invalid.'), 400)
 */
export function renderOauthErrorPage(message: string): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="referrer" content="no-referrer"><title>Sign-in failed</title></head>
<body>
<h1>Sign-in failed</h1>
<p>${escapeHtml(message)}</p>
<p>Close this window and start the sign-in again from the app.</p>
</body>
</html>
`
}
