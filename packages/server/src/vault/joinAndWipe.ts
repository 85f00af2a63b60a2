/**
 * Joins decrypted chunks into one fresh, unpooled array and zeroes the chunks, so plaintext does not linger
 * in Node's shared Buffer pool (`Buffer.concat` would copy it there).
 *
 * @example
 * const plaintext = joinAndWipe([decipher.update(ciphertext), decipher.final()])
 */
export function joinAndWipe(chunks: Uint8Array[]): Uint8Array {
  const joined = new Uint8Array(chunks.reduce((length, chunk) => length + chunk.length, 0))
  let offset = 0
  for (const chunk of chunks) {
    joined.set(chunk, offset)
    offset += chunk.length
    chunk.fill(0)
  }
  return joined
}
