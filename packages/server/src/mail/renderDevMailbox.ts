import { escapeHtml } from './escapeHtml.js'
import type { DevMailMessage } from './listDevMail.js'

/** Escapes `text` and wraps the first occurrence of `code` in a highlight. */
const highlight = (text: string, code: string | undefined) => {
  const at = code ? text.indexOf(code) : -1
  if (!code || at < 0) return escapeHtml(text)
  return `${escapeHtml(text.slice(0, at))}<mark style="background:#fde68a;font-weight:700;font-size:1.3em;padding:0 4px;border-radius:4px;">${escapeHtml(code)}</mark>${escapeHtml(text.slice(at + code.length))}`
}

/**
 * The dev mailbox page: every stored mail, newest first, its text with the code or link
 * highlighted; it reloads itself every 3 seconds.
 *
 * @example
 * return c.html(renderDevMailbox(await listDevMail(ctx.store)))
 */
export function renderDevMailbox(messages: DevMailMessage[]): string {
  const items = messages
    .map(
      (
        message,
      ) => `<article style="background:#fff;border:1px solid #e5e7eb;border-radius:8px;padding:16px;margin:0 0 16px;">
<div style="color:#6b7280;font-size:13px;">${escapeHtml(message.createdAt)} · to <strong>${escapeHtml(message.to)}</strong></div>
<h2 style="font-size:16px;margin:4px 0 8px;">${escapeHtml(message.subject)}</h2>
${message.code ? `<div style="margin:0 0 8px;">Code: <code style="font-size:20px;font-weight:700;word-break:break-all;">${escapeHtml(message.code)}</code></div>` : ''}
<pre style="white-space:pre-wrap;word-break:break-word;background:#f9fafb;padding:12px;border-radius:6px;margin:0;">${highlight(message.text, message.code)}</pre>
</article>`,
    )
    .join('\n')
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta http-equiv="refresh" content="3"><title>Sigil dev mailbox</title></head>
<body style="margin:0;padding:24px;background:#f4f4f7;font-family:system-ui,sans-serif;color:#1f2937;">
<main style="max-width:760px;margin:0 auto;">
<h1 style="font-size:22px;">Dev mailbox</h1>
<p style="color:#6b7280;">Sign-in mail this server would have sent (no <code>SMTP_URL</code> is set). Newest first; the page refreshes every 3 seconds. JSON: <a href="/dev/mailbox.json">/dev/mailbox.json</a>.</p>
${items || '<p>No mail yet.</p>'}
</main>
</body>
</html>
`
}
