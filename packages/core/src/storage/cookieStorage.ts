import type { CreateStorageParameters } from '../config/CreateConfigParameters.js'
import { CoreError } from '../errors/CoreError.js'
import { cookieLifetimeMs } from '../store/storeDefaults.js'
import { parseCookie } from './parseCookie.js'

export type CookieStorageParameters = CreateStorageParameters

/** `document`, where there is one; cookies are a no-op elsewhere (the server reads the request's header). */
const findDocument = (): Pick<Document, 'cookie'> | undefined =>
  typeof document === 'undefined' ? undefined : document

const cookieNames = (cookie: string) =>
  cookie
    .split(';')
    .map((part) => part.slice(0, part.indexOf('=')).trim())
    .filter((name) => name.length > 0)

/**
 * A `Storage` on the page's cookies, for the persisted app state with server rendering
 * (docs/account-kit.md#core): the server reads the state from the request's `Cookie` header with
 * `cookieToInitialState`. Values are URI-encoded JSON under the storage key
 * (`alchemy-account-state`), path `/`, `SameSite=Lax`, the given `domain`, and lasting 34 560 000 ms
 * from each write (docs/account-kit.md#constants). `clear()` throws: it would have to delete the
 * page's other cookies.
 * Outside a browser it reads nothing and writes nothing.
 *
 * @example
 * const config = createConfig({ connection, chain, ssr: true, storage: cookieStorage })
 * // or with a domain shared by subdomains:
 * const storage = (parameters) => cookieStorage({ ...parameters, domain: 'example.com' })
 */
export function cookieStorage({ domain }: CookieStorageParameters = {}): Storage {
  // `sessionLength` is accepted for compatibility and not used: the cookie's life is fixed
  // (docs/account-kit.md#constants).
  const attributes = `; path=/; SameSite=Lax${domain ? `; domain=${domain}` : ''}`
  const write = (name: string, value: string, expires: Date) => {
    const page = findDocument()
    if (page)
      page.cookie = `${encodeURIComponent(name)}=${encodeURIComponent(value)}; expires=${expires.toUTCString()}${attributes}`
  }
  return {
    get length() {
      return cookieNames(findDocument()?.cookie ?? '').length
    },
    key: (index) => cookieNames(findDocument()?.cookie ?? '')[index] ?? null,
    getItem: (name) => parseCookie(findDocument()?.cookie ?? '', name) ?? null,
    setItem: (name, value) => write(name, String(value), new Date(Date.now() + cookieLifetimeMs)),
    removeItem: (name) => write(name, '', new Date(0)),
    clear() {
      throw new CoreError('cookieStorage does not support clear()', {
        details: 'Remove the state with removeItem(key) instead.',
      })
    },
  }
}
