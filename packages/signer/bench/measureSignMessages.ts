import type { Page } from 'playwright-core'
import type { TestPageWindow } from '../test/browser/testPage.js'
import { observeServerTimes } from './observeServerTimes.js'

export type MeasureSignMessagesParameters = {
  /** Measured `signMessage` calls. */
  count: number
  /** Calls made first and not measured. */
  warmUp: number
}

export type MeasureSignMessagesReturnType = {
  /** Each call's time in the page: hash, frame stamp, `fetch` to the server and back, JSON. */
  endToEndMs: number[]
  /** The server's time for each call's `POST /signer/v1/sign-payload`, in the same order. */
  serverMs: number[]
}

const signPayloadPath = '/signer/v1/sign-payload'

/**
 * `signer.signMessage` end to end from the app page against the Sigil server's real listener:
 * `warmUp + count` sequential calls with distinct messages, each timed in the page with
 * `performance.now()`, and the server's own time for each (see `observeServerTimes`: the server
 * runs in this Node process). The page must be signed in.
 *
 * @example
 * const { endToEndMs, serverMs } = await measureSignMessages(page, { count: 200, warmUp: 20 })
 */
export async function measureSignMessages(
  page: Page,
  { count, warmUp }: MeasureSignMessagesParameters,
): Promise<MeasureSignMessagesReturnType> {
  const observer = observeServerTimes()
  try {
    const run = (calls: number) =>
      page.evaluate(async (calls) => {
        const { signer } = window as unknown as TestPageWindow
        const samples: number[] = []
        for (let index = 0; index < calls; index++) {
          const message = `sigil bench ${index} ${crypto.randomUUID()}`
          const started = performance.now()
          const signature = await signer.signMessage(message)
          samples.push(performance.now() - started)
          if (!/^0x[0-9a-f]{130}$/i.test(signature)) throw new Error(`not a signature: ${signature}`)
        }
        return samples
      }, calls)
    await run(warmUp)
    observer.reset()
    const endToEndMs = await run(count)
    const serverMs = observer.durations('POST', signPayloadPath)
    if (serverMs.length !== count)
      throw new Error(`observed ${serverMs.length} ${signPayloadPath} requests for ${count} calls`)
    return { endToEndMs, serverMs }
  } finally {
    observer.stop()
  }
}
