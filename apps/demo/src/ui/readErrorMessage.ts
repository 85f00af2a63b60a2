/**
 * The text to show for an error: for a JSON-RPC error (viem wraps the server's answer, and its
 * `message` lists the whole request), the server's own message, e.g. a sponsorship policy's
 * refusal; otherwise the error's message.
 *
 * @example
 * readErrorMessage(error) // 'Policy pol_… is disabled'
 */
export function readErrorMessage(error: Error): string {
  for (let current: unknown = error; current instanceof Error; current = current.cause) {
    const { code, details } = current as { code?: unknown; details?: unknown }
    if (typeof code === 'number' && typeof details === 'string' && details) return details
  }
  return error.message
}
