import { createLineBuffer, type LineBuffer } from './createLineBuffer.js'

let buffers: { stdout: LineBuffer; stderr: LineBuffer } | undefined

/**
 * The process's buffered stdout and stderr for log lines: the lines of one turn of the event loop go out
 * in one write (`setImmediate`), not one write each. When stdout is a file, as under a journal, each write
 * is a system call on the event loop: 4 µs of a signing request's event loop in the bench
 * (bench/README.md). Whatever is buffered is written at the process's `exit` too (a clean stop, an
 * uncaught error); only a process killed outright (SIGKILL) loses the lines of its last turn.
 *
 * @example
 * processLineBuffers().stdout.push('{"level":"info",…}')
 */
export function processLineBuffers(): { stdout: LineBuffer; stderr: LineBuffer } {
  if (!buffers) {
    buffers = { stdout: createLineBuffer(process.stdout), stderr: createLineBuffer(process.stderr) }
    const { stdout, stderr } = buffers
    process.on('exit', () => {
      stdout.flush()
      stderr.flush()
    })
  }
  return buffers
}
