/**
 * A server clock tests can move: `now()` is the wall clock plus an offset. Pass `now` to
 * `createTestServer(dialect, { now: clock.now })`.
 *
 * @example
 * const clock = createTestClock()
 * clock.advance(30_000) // next TOTP step
 */
export function createTestClock() {
  let offset = 0
  return {
    now: () => Date.now() + offset,
    advance(ms: number) {
      offset += ms
    },
  }
}
