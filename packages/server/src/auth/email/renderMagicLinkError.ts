import { escapeHtml } from '../../mail/escapeHtml.js'

/**
 * The page a failed magic link shows when its app has no redirect URL to send the error to.
 *
 * @example
 * return c.html(renderMagicLinkError('This sign-in link is invalid or has expired.'), 400)
 */
export function renderMagicLinkError(message: string): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Sign-in link</title></head>
<body style="margin:0;padding:48px 16px;background:#f4f4f7;font-family:system-ui,sans-serif;color:#1f2937;">
<main style="max-width:420px;margin:0 auto;background:#fff;border-radius:12px;padding:32px;">
<h1 style="margin:0 0 12px;font-size:20px;">Could not sign you in</h1>
<p style="margin:0;font-size:15px;line-height:22px;">${escapeHtml(message)} Go back to the app and ask for a new link.</p>
</main>
</body>
</html>
`
}
