import type { IncomingMessage } from 'node:http'

/**
 * The exact body text of a Node request, read straight from its stream (an async iterator would
 * cost a promise and a generator step per chunk).
 *
 * @example
 * const raw = await readIncomingBody(incoming)
 */
export function readIncomingBody(incoming: IncomingMessage): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = []
    let ended = false
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk))
    incoming.once('end', () => {
      ended = true
      resolve((chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks)).toString('utf8'))
    })
    incoming.once('error', reject)
    incoming.once('close', () => {
      if (!ended) reject(new Error('the client closed the connection before the body ended'))
    })
  })
}
