/**
 * The value of cookie `name` in a `Cookie` header (or `document.cookie`), URI-decoded; `undefined`
 * when it is absent or not decodable.
 *
 * @example
 * parseCookie('theme=dark; alchemy-account-state=%7B%7D', 'alchemy-account-state') // '{}'
 */
export function parseCookie(cookie: string, name: string): string | undefined {
  for (const part of cookie.split(';')) {
    const separator = part.indexOf('=')
    if (separator === -1 || part.slice(0, separator).trim() !== name) continue
    try {
      return decodeURIComponent(part.slice(separator + 1).trim())
    } catch {
      return undefined
    }
  }
  return undefined
}
