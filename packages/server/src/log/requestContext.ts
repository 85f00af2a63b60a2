import { AsyncLocalStorage } from 'node:async_hooks'

/** What the logger adds to every line written while a request is being handled. */
export type RequestContext = { requestId: string }

/**
 * The request being handled, across `await`s: the request-id middleware (`http/requestId.ts`) runs the
 * rest of the chain inside `runInRequestContext(...)`, and the logger's mixin reads it, so a line logged
 * anywhere below a route carries `requestId` without callers passing it (docs/deploy.md#logs).
 *
 * @example
 * requestContext.run({ requestId: 'r1' }, () => logger.info('inside')) // {"requestId":"r1",...}
 */
export const requestContext = new AsyncLocalStorage<RequestContext>()

/** Requests running inside `requestContext` now. */
let inContext = 0

/**
 * Runs a request inside `requestContext`, and switches the context off again when no request is left in
 * it. On Node 20 an `AsyncLocalStorage` in use installs async hooks that run for every promise and every
 * native callback of the process, whichever request they belong to; with the signing hot path carrying
 * its id explicitly (`http/requestId.ts`), a server under signing load then runs without them. Work a
 * request left running after its answer logs with its id only while another request is in the context.
 *
 * @example
 * await runInRequestContext({ requestId: 'r1' }, () => next())
 */
export async function runInRequestContext<T>(context: RequestContext, run: () => Promise<T>): Promise<T> {
  inContext++
  try {
    return await requestContext.run(context, run)
  } finally {
    inContext--
    if (inContext === 0) requestContext.disable()
  }
}

/** The id of the request being handled, if any. */
export function currentRequestId(): string | undefined {
  return requestContext.getStore()?.requestId
}
