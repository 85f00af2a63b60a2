import type { JSONWebKeySet } from 'jose'

/** Largest JWKS document read, bytes. */
export const maxJwksBytes = 128 * 1024

/** How long a JWKS fetch may take, milliseconds. */
export const jwksFetchTimeoutMs = 5_000

export type FetchJwksReturnType = {
  /** Public signing keys only: symmetric (`oct`) and private members are dropped. */
  jwks: JSONWebKeySet
  /** `Cache-Control: max-age` in seconds; 0 for `no-store` / `no-cache`; undefined without one. */
  maxAgeSeconds: number | undefined
}

/**
 * Fetches an issuer's JWKS (no redirects, {@link jwksFetchTimeoutMs}, at most {@link maxJwksBytes})
 * and reads how long it may be cached from `Cache-Control`. Throws on a failed request or a body
 * that is not a key set.
 *
 * @example
 * const { jwks, maxAgeSeconds } = await fetchJwks('https://auth.example.com/.well-known/jwks.json')
 */
export async function fetchJwks(url: string): Promise<FetchJwksReturnType> {
  const response = await fetch(url, {
    headers: { accept: 'application/json' },
    redirect: 'error',
    signal: AbortSignal.timeout(jwksFetchTimeoutMs),
  })
  if (!response.ok) throw new Error(`JWKS answered HTTP ${response.status}`)
  const length = Number(response.headers.get('content-length') ?? 0)
  if (length > maxJwksBytes) throw new Error('JWKS is too large')
  const text = await response.text()
  if (text.length > maxJwksBytes) throw new Error('JWKS is too large')
  const body = JSON.parse(text) as { keys?: unknown }
  if (!body || !Array.isArray(body.keys)) throw new Error('JWKS has no keys array')
  const keys = body.keys.filter(
    (key): key is JSONWebKeySet['keys'][number] =>
      typeof key === 'object' && key !== null && 'kty' in key && key.kty !== 'oct' && !('d' in key),
  )
  return { jwks: { keys }, maxAgeSeconds: readMaxAge(response.headers.get('cache-control')) }
}

function readMaxAge(header: string | null): number | undefined {
  if (!header) return undefined
  const directives = header
    .toLowerCase()
    .split(',')
    .map((part) => part.trim())
  if (directives.some((directive) => directive === 'no-store' || directive === 'no-cache')) return 0
  const maxAge = directives.find((directive) => directive.startsWith('max-age='))
  const seconds = maxAge ? Number(maxAge.slice('max-age='.length)) : Number.NaN
  return Number.isFinite(seconds) && seconds >= 0 ? Math.floor(seconds) : undefined
}
