import type { Page } from 'playwright-core'
import type { TestPageWindow } from '../test/browser/testPage.js'

export type MeasureFrameStampsParameters = {
  /** Measured stamps. */
  count: number
  /** Stamps made first and not measured (JIT, the frame's first WebCrypto calls). */
  warmUp: number
}

/**
 * Stamp latency through the real auth frame, timed in the app page: `performance.now()` around
 * `signer.stamper.stamp(body)` for `warmUp + count` sequential stamps of distinct bodies (the
 * `sign_raw_payload` body of `signRawMessage`, with a new timestamp and digest each time). What is timed is the whole
 * round trip: the request on the MessageChannel to the frame, the frame's ECDSA P-256 signature
 * with its non-extractable session key, and the answer back. The page must be signed in.
 *
 * @example
 * const samples = await measureFrameStamps(page, { count: 1000, warmUp: 50 })
 */
export async function measureFrameStamps(
  page: Page,
  { count, warmUp }: MeasureFrameStampsParameters,
): Promise<number[]> {
  return page.evaluate(
    async ({ count, warmUp }) => {
      const { signer } = window as unknown as TestPageWindow
      const user = signer.user
      if (!user) throw new Error('the page is not signed in')
      const samples: number[] = []
      for (let index = 0; index < warmUp + count; index++) {
        // The body `signRawMessage` sends (keys in its order), with a new timestamp and digest each time.
        // No named helper functions in here: tsx would wrap them in `__name`, unknown in the page.
        const body = JSON.stringify({
          organizationId: user.orgId,
          type: 'ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2',
          timestampMs: String(Date.now() + index),
          parameters: {
            encoding: 'PAYLOAD_ENCODING_HEXADECIMAL',
            hashFunction: 'HASH_FUNCTION_NO_OP',
            payload: `0x${Array.from(crypto.getRandomValues(new Uint8Array(32)), (byte) =>
              byte.toString(16).padStart(2, '0'),
            ).join('')}`,
            signWith: user.address,
          },
        })
        const started = performance.now()
        const stamp = await signer.stamper.stamp(body)
        const elapsed = performance.now() - started
        if (stamp.stampHeaderName !== 'X-Stamp')
          throw new Error(`not a frame stamp: ${stamp.stampHeaderName}`)
        if (index >= warmUp) samples.push(elapsed)
      }
      return samples
    },
    { count, warmUp },
  )
}
