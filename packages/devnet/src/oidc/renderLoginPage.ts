export type RenderLoginPageParameters = {
  /** Where both forms post. */
  action: string
  /** Where 'Cancel' goes. */
  abortUrl: string
  /** Accounts to pick with one click, newest first. */
  accounts: { name: string; email: string }[]
  /** A message above the form (a bad entry). */
  error?: string | undefined
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`)

/**
 * The dev OpenID provider's login page: a notice that this is a development sign-in without password,
 * one button per known account, and a field for any name or email address. Plain HTML and CSS, no script.
 *
 * @example
 * response.end(renderLoginPage({ action: `/interaction/${uid}/login`, abortUrl: `/interaction/${uid}/abort`, accounts: [] }))
 */
export function renderLoginPage({ action, abortUrl, accounts, error }: RenderLoginPageParameters): string {
  const picks = accounts
    .map(
      ({ name, email }) =>
        `<button type="submit" name="email" value="${escapeHtml(email)}" class="account"><span class="avatar" aria-hidden="true">${escapeHtml(name.charAt(0).toUpperCase())}</span><span><strong>${escapeHtml(name)}</strong><small>${escapeHtml(email)}</small></span></button>`,
    )
    .join('\n        ')
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <meta name="referrer" content="no-referrer">
  <title>Sign in · Sigil dev login</title>
  <style>
    :root { color-scheme: light dark; --accent: #4f46e5; --line: #d4d4d8; --muted: #52525b; --card: #fff; --page: #f4f4f5; }
    @media (prefers-color-scheme: dark) { :root { --line: #3f3f46; --muted: #a1a1aa; --card: #18181b; --page: #09090b; --accent: #818cf8; } }
    * { box-sizing: border-box; }
    body { margin: 0; min-height: 100vh; display: grid; place-items: center; padding: 24px 16px; background: var(--page);
      font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
    main { width: 100%; max-width: 400px; background: var(--card); border: 1px solid var(--line); border-radius: 16px; padding: 28px 24px; }
    h1 { font-size: 22px; margin: 0 0 4px; }
    .lead { margin: 0 0 16px; color: var(--muted); }
    .notice { margin: 0 0 20px; padding: 10px 12px; border-radius: 10px; background: color-mix(in srgb, #f59e0b 14%, transparent);
      border: 1px solid color-mix(in srgb, #f59e0b 45%, transparent); font-size: 14px; }
    .error { margin: 0 0 16px; color: #dc2626; font-weight: 600; }
    form { margin: 0; }
    .accounts { display: grid; gap: 8px; margin-bottom: 20px; }
    .account { display: flex; align-items: center; gap: 12px; width: 100%; padding: 10px 12px; text-align: left; font: inherit;
      color: inherit; background: transparent; border: 1px solid var(--line); border-radius: 10px; cursor: pointer; }
    .account:hover, .account:focus-visible { border-color: var(--accent); }
    .account small { display: block; color: var(--muted); font-size: 14px; overflow-wrap: anywhere; }
    .avatar { flex: none; display: grid; place-items: center; width: 36px; height: 36px; border-radius: 50%; background: var(--accent); color: #fff; font-weight: 600; }
    label { display: block; font-weight: 600; margin-bottom: 6px; }
    input { width: 100%; padding: 10px 12px; font: inherit; color: inherit; background: transparent; border: 1px solid var(--line); border-radius: 10px; }
    input:focus { outline: 2px solid var(--accent); outline-offset: 1px; }
    .primary { width: 100%; margin-top: 12px; padding: 11px 12px; font: inherit; font-weight: 600; color: #fff; background: var(--accent);
      border: 0; border-radius: 10px; cursor: pointer; }
    .cancel { display: block; margin-top: 16px; text-align: center; color: var(--muted); }
    .or { margin: 0 0 12px; color: var(--muted); font-size: 14px; }
  </style>
</head>
<body>
  <main>
    <h1>Sign in</h1>
    <p class="lead">with Sigil's dev login. The app that sent you here gets the name and email address you choose.</p>
    <p class="notice" role="note"><strong>Development only:</strong> no password is needed. Anyone who can open this page can sign in as any address.</p>
    ${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
    ${
      picks
        ? `<p class="or">Continue as</p>
    <form method="post" action="${escapeHtml(action)}">
      <div class="accounts">
        ${picks}
      </div>
    </form>
    <p class="or">Or another account</p>`
        : ''
    }
    <form method="post" action="${escapeHtml(action)}">
      <label for="email">Name or email</label>
      <input id="email" name="email" type="text" autocomplete="email" placeholder="ada@example.com" required autofocus>
      <button type="submit" class="primary">Sign in</button>
    </form>
    <a class="cancel" href="${escapeHtml(abortUrl)}">Cancel</a>
  </main>
</body>
</html>`
}
