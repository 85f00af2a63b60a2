import { escapeHtml } from '../mail/escapeHtml.js'
import type { DevSmsMessage } from './listDevSms.js'

/**
 * The dev SMS outbox page: every stored text, newest first, its code large; reloads every 3 seconds.
 *
 * @example
 * return c.html(renderDevSmsOutbox(await listDevSms(ctx.store)))
 */
export function renderDevSmsOutbox(messages: DevSmsMessage[]): string {
  const items = messages
    .map(
      (
        message,
      ) => `<article style="background:#fff;border:1px solid #e5e7eb;border-radius:8px;padding:16px;margin:0 0 16px;">
<div style="color:#6b7280;font-size:13px;">${escapeHtml(message.createdAt)} · to <strong>${escapeHtml(message.to)}</strong></div>
${message.code ? `<div style="margin:8px 0;">Code: <code style="font-size:20px;font-weight:700;">${escapeHtml(message.code)}</code></div>` : ''}
<p style="margin:0;">${escapeHtml(message.body)}</p>
</article>`,
    )
    .join('\n')
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta http-equiv="refresh" content="3"><title>Sigil dev SMS outbox</title></head>
<body style="margin:0;padding:24px;background:#f4f4f7;font-family:system-ui,sans-serif;color:#1f2937;">
<main style="max-width:760px;margin:0 auto;">
<h1 style="font-size:22px;">Dev SMS outbox</h1>
<p style="color:#6b7280;">Text messages this server would have sent (no SMS provider is set). Newest first; the page refreshes every 3 seconds. JSON: <a href="/dev/sms.json">/dev/sms.json</a>. Mail: <a href="/dev/mailbox">/dev/mailbox</a>.</p>
${items || '<p>No text messages yet.</p>'}
</main>
</body>
</html>
`
}
