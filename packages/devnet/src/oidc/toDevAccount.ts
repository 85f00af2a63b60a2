export type DevAccount = { name: string; email: string }

/**
 * What the dev login page's field means: an email address (the name is its first part, capitalised),
 * or a name (the email is `<name>@example.com`, lower case, spaces as dots). Undefined when it is
 * neither (empty, too long, or an `@` in a bad place).
 *
 * @example
 * toDevAccount('Ada Lovelace') // { name: 'Ada Lovelace', email: 'ada.lovelace@example.com' }
 */
export function toDevAccount(input: string): DevAccount | undefined {
  const text = input.trim()
  if (!text || text.length > 254) return undefined
  if (text.includes('@')) {
    const email = text.toLowerCase()
    if (!/^[^\s@]+@[^\s@.]+(\.[^\s@.]+)*$/.test(email)) return undefined
    const local = email.slice(0, email.indexOf('@'))
    return { name: local.charAt(0).toUpperCase() + local.slice(1), email }
  }
  const local = text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '.')
    .replace(/^\.+|\.+$/g, '')
  if (!local) return undefined
  return { name: text, email: `${local}@example.com` }
}
