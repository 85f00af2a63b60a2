import { Agent, request } from 'node:https'

/**
 * A `fetch` over `node:https` that trusts exactly `certificatePem` (the test's self-signed
 * certificate) and verifies the server name against it, as a client that installed that certificate
 * would: Node's built-in `fetch` reads its extra trust anchors only at process start. Enough of `fetch`
 * for JSON-RPC and the signer's calls: method, headers, a string or bytes body, `signal`. With
 * `localAddress` (another loopback address, `127.0.0.2`) it connects from there, as a client on
 * another machine would.
 *
 * @example
 * const fetch = createTlsFetch(certificate.certificatePem)
 * await fetch('https://localhost:8443/healthz')
 */
export function createTlsFetch(
  certificatePem: string,
  options: { localAddress?: string } = {},
): typeof globalThis.fetch {
  const agent = new Agent({ ca: certificatePem, keepAlive: true, ...options })
  return async (input, init) => {
    const incoming = new Request(input, init)
    const body = incoming.body ? Buffer.from(await incoming.arrayBuffer()) : undefined
    const headers: Record<string, string> = {}
    incoming.headers.forEach((value, name) => {
      headers[name] = value
    })
    if (body) headers['content-length'] = String(body.length)
    return new Promise<Response>((resolve, reject) => {
      const outgoing = request(
        incoming.url,
        { method: incoming.method, headers, agent, signal: init?.signal ?? undefined },
        (answer) => {
          const chunks: Buffer[] = []
          answer.on('data', (chunk: Buffer) => chunks.push(chunk))
          answer.on('error', reject)
          answer.on('end', () => {
            const responseHeaders = new Headers()
            for (const [name, value] of Object.entries(answer.headers)) {
              if (value === undefined) continue
              for (const each of Array.isArray(value) ? value : [value]) responseHeaders.append(name, each)
            }
            const status = answer.statusCode ?? 0
            const empty = status === 204 || status === 304 || incoming.method === 'HEAD'
            resolve(new Response(empty ? null : Buffer.concat(chunks), { status, headers: responseHeaders }))
          })
        },
      )
      outgoing.on('error', reject)
      outgoing.end(body)
    })
  }
}
