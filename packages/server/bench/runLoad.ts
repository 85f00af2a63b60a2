import { connect, type Socket } from 'node:net'
import { parseHttpResponse } from './parseHttpResponse.js'

export type RunLoadParameters = {
  /** `http://host:port` of the server. */
  url: string
  /** Complete pre-built HTTP/1.1 requests; each is sent once, in order. */
  requests: Buffer[]
  /** Keep-alive connections, each with one request in flight. */
  concurrency: number
  durationMs: number
  /** Whether an answer is a success; anything else counts as an error. */
  isSuccess(status: number, body: Buffer): boolean
  /** A request without an answer after this long counts as an error. Default 10 000 ms. */
  timeoutMs?: number
}

export type RunLoadReturnType = {
  succeeded: number
  errors: number
  /** From the first request to the last answer (in-flight requests at the deadline are awaited). */
  elapsedMs: number
  requestsPerSecond: number
  /** Latencies of successful requests, milliseconds. */
  latencyMs: { p50: number; p99: number; max: number }
  /** The first few error descriptions. */
  errorSamples: string[]
  /** True if the pre-built requests ran out before the deadline (the level then ends early). */
  exhausted: boolean
}

/**
 * A closed-loop load generator: `concurrency` keep-alive connections, each sending the next
 * pre-built request as soon as the previous one is answered, until `durationMs` has passed.
 * Requests are raw bytes written to a socket, so the client's own CPU cost per request is small.
 *
 * @example
 * const result = await runLoad({ url, requests, concurrency: 64, durationMs: 10_000, isSuccess })
 */
export async function runLoad(parameters: RunLoadParameters): Promise<RunLoadReturnType> {
  const { requests, concurrency, durationMs, isSuccess, timeoutMs = 10_000 } = parameters
  const { hostname, port } = new URL(parameters.url)
  const latencies = new Float64Array(requests.length)
  let succeeded = 0
  let errors = 0
  let next = 0
  let exhausted = false
  const errorSamples: string[] = []
  const fail = (description: string) => {
    errors++
    if (errorSamples.length < 5) errorSamples.push(description)
  }

  const started = performance.now()
  const deadline = started + durationMs
  let lastAnswer = started

  const runConnection = () =>
    new Promise<void>((resolve) => {
      let socket: Socket
      let received: Buffer = Buffer.alloc(0)
      let sentAt = 0
      let inFlight = false
      let timer: NodeJS.Timeout | undefined
      let connected = false
      let failedConnects = 0

      const open = () => {
        connected = false
        socket = connect({ host: hostname, port: Number(port), noDelay: true })
        socket.on('data', onData)
        socket.on('error', () => {})
        socket.on('close', onClose)
        socket.once('connect', () => {
          connected = true
          failedConnects = 0
          send()
        })
      }
      const send = () => {
        if (performance.now() >= deadline) return finish()
        if (next >= requests.length) {
          exhausted = true
          return finish()
        }
        received = Buffer.alloc(0)
        inFlight = true
        sentAt = performance.now()
        timer = setTimeout(() => {
          fail(`no answer within ${timeoutMs} ms`)
          inFlight = false
          socket.destroy()
        }, timeoutMs)
        socket.write(requests[next++]!)
      }
      const onData = (chunk: Buffer) => {
        received = received.length === 0 ? chunk : Buffer.concat([received, chunk])
        let response: ReturnType<typeof parseHttpResponse>
        try {
          response = parseHttpResponse(received)
        } catch (error) {
          fail(error instanceof Error ? error.message : String(error))
          inFlight = false
          clearTimeout(timer)
          socket.destroy()
          return
        }
        if (!response) return
        const now = performance.now()
        clearTimeout(timer)
        inFlight = false
        lastAnswer = Math.max(lastAnswer, now)
        if (isSuccess(response.status, response.body)) latencies[succeeded++] = now - sentAt
        else fail(`${response.status} ${response.body.toString('utf8', 0, 300)}`)
        send()
      }
      const onClose = () => {
        clearTimeout(timer)
        if (finished) return
        if (inFlight) fail('connection closed before the answer')
        inFlight = false
        if (!connected) failedConnects++
        if (failedConnects > 20) fail(`cannot connect to ${parameters.url}`)
        if (failedConnects > 20 || performance.now() >= deadline) return finish()
        // Reconnect and go on (the server closes idle keep-alive connections, or one broke).
        open()
      }
      let finished = false
      const finish = () => {
        finished = true
        socket.end()
        resolve()
      }
      open()
    })

  await Promise.all(Array.from({ length: concurrency }, runConnection))
  const elapsedMs = lastAnswer - started
  const sorted = latencies.subarray(0, succeeded).sort()
  const percentile = (p: number) =>
    sorted.length === 0
      ? Number.NaN
      : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!
  return {
    succeeded,
    errors,
    elapsedMs,
    requestsPerSecond: (succeeded / elapsedMs) * 1000,
    latencyMs: { p50: percentile(50), p99: percentile(99), max: percentile(100) },
    errorSamples,
    exhausted,
  }
}
