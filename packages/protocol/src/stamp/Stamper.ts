/** The stamp of one request body: an HTTP header name and value (`X-Stamp`, `X-Stamp-Webauthn`). */
export type Stamp = { stampHeaderName: string; stampHeaderValue: string }

/** Anything that can stamp a request body: an API key, a passkey, the key frame. */
export type Stamper = {
  stamp(body: string): Promise<Stamp>
}
