import { request } from 'node:http'

export type Answer = { status: number; headers: Record<string, string | string[] | undefined>; text: string }

/** A request through the real listener from `localAddress`, with the headers we choose. */
export const send = (
  url: string,
  options: { method?: string; body?: unknown; headers?: Record<string, string>; localAddress?: string },
) =>
  new Promise<Answer>((resolve, reject) => {
    const target = new URL(url)
    const body = options.body === undefined ? undefined : JSON.stringify(options.body)
    const sent = request(
      {
        host: target.hostname,
        port: target.port,
        path: `${target.pathname}${target.search}`,
        method: options.method ?? (body === undefined ? 'GET' : 'POST'),
        localAddress: options.localAddress,
        headers: {
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...options.headers,
        },
      },
      (response) => {
        let text = ''
        response.setEncoding('utf8')
        response.on('data', (chunk: string) => {
          text += chunk
        })
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, text }),
        )
      },
    )
    sent.once('error', reject)
    sent.end(body)
  })

/** The answer's body as JSON. */
export const json = (answer: Answer) => JSON.parse(answer.text) as Record<string, unknown>
