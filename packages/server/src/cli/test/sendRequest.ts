import { request as httpRequest } from 'node:http'
import { createApiKeyStamp } from '@sigil/protocol'

export type ApiKey = { privateKey: string; publicKey: string }
export type Answer = { status: number; text: string }

/**
 * One request on a connection of its own, so a `--workers` cluster's primary may hand it to any worker
 * (docs/deploy.md#workers), stamped by `key` when it has a body.
 *
 * @example
 * const { status } = await sendRequest(url, 'GET', '/healthz')
 */
export async function sendRequest(
  url: string,
  method: string,
  path: string,
  body?: string,
  key?: ApiKey,
): Promise<Answer> {
  const headers: Record<string, string> = {}
  if (body !== undefined) {
    headers['content-type'] = 'application/json'
    headers['content-length'] = String(Buffer.byteLength(body))
  }
  if (key && body !== undefined) {
    const stamp = await createApiKeyStamp({ body, privateKey: key.privateKey, publicKey: key.publicKey })
    headers[stamp.stampHeaderName] = stamp.stampHeaderValue
  }
  return new Promise((resolve, reject) => {
    const request = httpRequest(`${url}${path}`, { method, agent: false, headers }, (response) => {
      let text = ''
      response.setEncoding('utf8')
      response.on('data', (chunk: string) => {
        text += chunk
      })
      response.once('end', () => resolve({ status: response.statusCode ?? 0, text }))
      response.once('error', reject)
    })
    request.once('error', reject)
    request.end(body)
  })
}
