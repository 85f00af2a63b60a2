import { AsyncLocalStorage } from 'node:async_hooks'

/** What the logger adds to every line written while a request is being handled. */
export type RequestContext = { requestId: string }

/**
 * The request being handled, across `await`s: the request-id middleware (`http/requestId.ts`) runs the
 * rest of the chain inside `requestContext.run(...)`, and the logger's mixin reads it, so a line logged
 * anywhere below a route carries `requestId` without callers passing it (docs/deploy.md#logs).
 *
 * @example
 * requestContext.run({ requestId: 'r1' }, () => logger.info('inside')) // {"requestId":"r1",...}
 */
export const requestContext = new AsyncLocalStorage<RequestContext>()

/** The id of the request being handled, if any. */
export function currentRequestId(): string | undefined {
  return requestContext.getStore()?.requestId
}
