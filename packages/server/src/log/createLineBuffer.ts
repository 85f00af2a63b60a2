/** Lines for one stream, written together once the current turn of the event loop has ended. */
export type LineBuffer = {
  push(line: string): void
  /** Writes what is buffered now. */
  flush(): void
}

/**
 * Buffers lines for `stream` and writes them, each ended by a newline, in one `write` once the current
 * turn of the event loop has ended (`setImmediate`), or at `flush()`.
 *
 * @example
 * const lines = createLineBuffer(process.stdout)
 * lines.push('a')
 * lines.push('b') // one write of "a\nb\n" after this turn
 */
export function createLineBuffer(stream: { write(chunk: string): unknown }): LineBuffer {
  let pending = ''
  let scheduled = false
  const flush = () => {
    scheduled = false
    if (!pending) return
    const chunk = pending
    pending = ''
    stream.write(chunk)
  }
  return {
    push(line) {
      pending += `${line}\n`
      if (!scheduled) {
        scheduled = true
        setImmediate(flush)
      }
    },
    flush,
  }
}
