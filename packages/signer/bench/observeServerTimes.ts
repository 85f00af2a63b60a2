import { subscribe, unsubscribe } from 'node:diagnostics_channel'
import type { IncomingMessage, ServerResponse } from 'node:http'

export type ServerTimesObserver = {
  /**
   * Milliseconds from parsed request headers to the last response byte, per `method` request to
   * `path`, in order.
   */
  durations(method: string, path: string): number[]
  /** Forgets the durations observed so far. */
  reset(): void
  stop(): void
}

type HttpServerMessage = { request: IncomingMessage; response: ServerResponse }

/**
 * The server's own time for each HTTP request answered in this process, from Node's built-in
 * `http.server.request.start` / `http.server.response.finish` diagnostics channels: no change to the
 * server, and nothing of the client, the browser or the network in it.
 *
 * @example
 * const observer = observeServerTimes()
 * await page.evaluate(() => window.signer.signMessage('hello'))
 * observer.durations('POST', '/signer/v1/sign-payload') // [1.8]
 */
export function observeServerTimes(): ServerTimesObserver {
  const started = new WeakMap<ServerResponse, number>()
  const observed: { method: string; path: string; ms: number }[] = []
  const onStart = (message: unknown) => {
    started.set((message as HttpServerMessage).response, performance.now())
  }
  const onFinish = (message: unknown) => {
    const { request, response } = message as HttpServerMessage
    const at = started.get(response)
    if (at === undefined) return
    const path = new URL(request.url ?? '/', 'http://localhost').pathname
    observed.push({ method: request.method ?? '', path, ms: performance.now() - at })
  }
  subscribe('http.server.request.start', onStart)
  subscribe('http.server.response.finish', onFinish)
  return {
    durations: (method, path) =>
      observed.filter((each) => each.method === method && each.path === path).map((each) => each.ms),
    reset() {
      observed.length = 0
    },
    stop() {
      unsubscribe('http.server.request.start', onStart)
      unsubscribe('http.server.response.finish', onFinish)
    },
  }
}
