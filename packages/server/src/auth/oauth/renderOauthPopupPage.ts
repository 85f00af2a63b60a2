import { randomBytes } from 'node:crypto'

/**
 * What the popup posts to its opener (the SDK reads these fields). `MFA_REQUIRED` also carries
 * `alchemyError`, so an SDK that does not know the status fails with that message instead of
 * waiting (docs/oauth.md, "Two-factor").
 */
export type OauthPopupMessage =
  | { alchemyBundle: string; alchemyOrgId: string; alchemyIdToken: string; alchemyIsSignup: boolean }
  | {
      alchemyStatus: 'MFA_REQUIRED'
      alchemyOrgId: string
      alchemyEncryptedPayload: string
      alchemyMultiFactors: { multiFactorId: string; multiFactorType: string }[]
      alchemyError: string
    }
  | { alchemyStatus: 'FETCHED_ID_TOKEN_ONLY'; alchemyIdToken: string; alchemyAuthProvider: string }
  | { alchemyError: string }

/** JSON that is safe inside a `<script>` element. */
const scriptJson = (value: unknown) =>
  JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`,
  )

/**
 * The page the OAuth popup ends on: it posts `message` to `window.opener` at `openerOrigin` only,
 * and closes itself 2 s later (at once without an opener). The opener closes it on the message;
 * Account Kit's client takes a popup that closes before its message arrives for a cancelled sign-in
 * (it checks `popup.closed` on a timer), which a busy machine showed when the page closed at once.
 * Its one inline script runs under a nonce'd strict CSP.
 *
 * @example
 * const { html, contentSecurityPolicy } = renderOauthPopupPage({ openerOrigin: 'https://app.example', message: { alchemyError: 'OAuth cancelled' } })
 */
export function renderOauthPopupPage({
  openerOrigin,
  message,
}: {
  openerOrigin: string
  message: OauthPopupMessage
}): { html: string; contentSecurityPolicy: string } {
  const nonce = randomBytes(16).toString('base64')
  const script = `(function(){var message=${scriptJson(message)};var origin=${scriptJson(openerOrigin)};if(window.opener){window.opener.postMessage(message,origin);setTimeout(function(){window.close()},2000)}else{window.close()}})()`
  const html = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="referrer" content="no-referrer"><title>Signing in</title></head>
<body>
<p>Signing in&hellip; This window closes by itself.</p>
<script nonce="${nonce}">${script}</script>
</body>
</html>
`
  return {
    html,
    contentSecurityPolicy: `default-src 'none'; script-src 'nonce-${nonce}'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
  }
}
