/**
 * Test helper: a stand-in for `document.cookie` in Node. Writing `name=value; expires=…; path=/…`
 * stores or (with an expiry in the past) deletes the cookie and records the written line; reading
 * gives `name=value; …` as a browser does.
 *
 * @example
 * const jar = createCookieJar()
 * vi.stubGlobal('document', jar)
 */
export function createCookieJar(now: () => number = Date.now) {
  const cookies = new Map<string, string>()
  const written: string[] = []
  return {
    written,
    get cookie() {
      return [...cookies].map(([name, value]) => `${name}=${value}`).join('; ')
    },
    set cookie(line: string) {
      written.push(line)
      const [pair = '', ...attributes] = line.split(';').map((part) => part.trim())
      const separator = pair.indexOf('=')
      const name = pair.slice(0, separator)
      const expires = attributes.find((attribute) => attribute.toLowerCase().startsWith('expires='))
      if (expires && Date.parse(expires.slice('expires='.length)) <= now()) cookies.delete(name)
      else cookies.set(name, pair.slice(separator + 1))
    },
  }
}
