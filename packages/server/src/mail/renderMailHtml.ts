import { escapeHtml } from './escapeHtml.js'

export type RenderMailHtmlParameters = {
  /** Shown as the heading and the document title (plain text; escaped here). */
  title: string
  /** The message body, already HTML (callers escape what they put in it). */
  bodyHtml: string
  /** Plain-text footer line (escaped here). */
  footer: string
}

/**
 * The HTML frame of sign-in mail: one centred card with inline styles only (mail clients drop
 * `<style>` blocks and external CSS).
 *
 * @example
 * const html = renderMailHtml({ title: 'Sign in to Demo', bodyHtml: '<p>…</p>', footer: 'If you did not ask…' })
 */
export function renderMailHtml({ title, bodyHtml, footer }: RenderMailHtmlParameters): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:0;background-color:#f4f4f7;font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;color:#1f2937;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background-color:#f4f4f7;padding:32px 0;">
<tr><td align="center">
<table role="presentation" width="480" cellpadding="0" cellspacing="0" style="max-width:480px;width:100%;background-color:#ffffff;border-radius:12px;padding:32px;">
<tr><td>
<h1 style="margin:0 0 16px;font-size:20px;line-height:28px;font-weight:600;color:#111827;">${escapeHtml(title)}</h1>
${bodyHtml}
<p style="margin:24px 0 0;font-size:13px;line-height:20px;color:#6b7280;">${escapeHtml(footer)}</p>
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`
}
