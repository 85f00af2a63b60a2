export type BrowserResult = {
  /** The last response (a redirect that matched `stopAt`, or a page without a form). */
  response: Response
  /** Its URL. */
  url: string
  /** The `Location` of a redirect that matched `stopAt`. */
  location?: string
  /** Body text of a page (not read for a redirect). */
  body?: string
}

export type TestBrowser = {
  /**
   * Opens `url` and acts like a browser: follows redirects, fills and submits the first form of
   * each page (`fields` by input name; hidden inputs as they are), until a redirect to a URL for
   * which `stopAt` is true or a page with no form.
   */
  visit(
    url: string,
    options: { fields?: Record<string, string>; stopAt: (url: URL) => boolean; submitForms?: boolean },
  ): Promise<BrowserResult>
  /** Links (`<a href>`) of the last page, resolved. */
  links(): string[]
}

const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" }
const decodeEntities = (text: string) =>
  text.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (match, entity: string) => {
    if (entity[0] === '#')
      return String.fromCodePoint(
        entity[1]?.toLowerCase() === 'x' ? Number.parseInt(entity.slice(2), 16) : Number(entity.slice(1)),
      )
    return entities[entity] ?? match
  })
const attribute = (tag: string, name: string) => {
  const match = tag.match(new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i'))
  return match ? decodeEntities(match[1] ?? match[2] ?? match[3] ?? '') : undefined
}

/** The first `<form>` of a page: its action, method and inputs. */
function parseForm(html: string, pageUrl: string) {
  const form = html.match(/<form\b[^>]*>([\s\S]*?)<\/form>/i)
  if (!form) return undefined
  const tag = form[0].slice(0, form[0].indexOf('>') + 1)
  const inputs = [...(form[1] ?? '').matchAll(/<input\b[^>]*>/gi)].map(([input]) => ({
    name: attribute(input, 'name'),
    value: attribute(input, 'value') ?? '',
  }))
  return {
    action: new URL(attribute(tag, 'action') ?? pageUrl, pageUrl).toString(),
    method: (attribute(tag, 'method') ?? 'get').toUpperCase(),
    inputs: inputs.filter((input): input is { name: string; value: string } => !!input.name),
  }
}

/**
 * A tiny browser for OAuth flows in tests: `fetch` with a cookie jar (per host, path ignored),
 * manual redirects and HTML form submission.
 *
 * @example
 * const browser = createTestBrowser()
 * const { location } = await browser.visit(authorizationUrl, { fields: { login: 'ada' }, stopAt: (url) => url.origin === appOrigin })
 */
export function createTestBrowser(): TestBrowser {
  const jar = new Map<string, Map<string, string>>()
  let lastLinks: string[] = []
  const cookiesFor = (url: URL) => {
    const cookies = jar.get(url.host)
    return cookies?.size ? [...cookies].map(([name, value]) => `${name}=${value}`).join('; ') : undefined
  }
  const store = (url: URL, response: Response) => {
    const cookies = jar.get(url.host) ?? new Map<string, string>()
    jar.set(url.host, cookies)
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';')
      const separator = pair.indexOf('=')
      const name = pair.slice(0, separator).trim()
      const value = pair.slice(separator + 1).trim()
      const expired = attributes.some((part) => {
        const [key = '', raw = ''] = part.split('=').map((piece) => piece.trim())
        if (key.toLowerCase() === 'max-age') return Number(raw) <= 0
        if (key.toLowerCase() === 'expires') return Date.parse(raw) <= Date.now()
        return false
      })
      if (expired || !value) cookies.delete(name)
      else cookies.set(name, value)
    }
  }
  const request = async (url: string, init: { method: string; body?: string }) => {
    const target = new URL(url)
    const cookie = cookiesFor(target)
    const response = await fetch(target, {
      method: init.method,
      redirect: 'manual',
      headers: {
        ...(cookie ? { cookie } : {}),
        ...(init.body !== undefined ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      body: init.body,
    })
    store(target, response)
    return response
  }

  return {
    links: () => lastLinks,
    async visit(start, { fields = {}, stopAt, submitForms = true }) {
      let url = start
      let init: { method: string; body?: string } = { method: 'GET' }
      for (let step = 0; step < 25; step++) {
        const response = await request(url, init)
        const location = response.headers.get('location')
        if (response.status >= 300 && response.status < 400 && location) {
          const next = new URL(location, url)
          if (stopAt(next)) return { response, url, location: next.toString() }
          await response.body?.cancel()
          url = next.toString()
          init = { method: 'GET' }
          continue
        }
        const body = await response.text()
        lastLinks = [...body.matchAll(/<a\b[^>]*>/gi)]
          .map(([tag]) => attribute(tag, 'href'))
          .filter((href): href is string => !!href)
          .map((href) => new URL(href, url).toString())
        const form = response.headers.get('content-type')?.includes('html') ? parseForm(body, url) : undefined
        if (!form || !submitForms) return { response, url, body }
        const values = new URLSearchParams()
        for (const input of form.inputs) values.append(input.name, fields[input.name] ?? input.value)
        if (form.method === 'POST') {
          url = form.action
          init = { method: 'POST', body: values.toString() }
        } else {
          const next = new URL(form.action)
          next.search = values.toString()
          url = next.toString()
          init = { method: 'GET' }
        }
      }
      throw new Error(`too many steps from ${start}`)
    },
  }
}
