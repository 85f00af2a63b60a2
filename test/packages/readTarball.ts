import { readFileSync } from 'node:fs'
import { gunzipSync } from 'node:zlib'

/** A tar header's text field: its bytes up to the first NUL. */
function field(block: Buffer, start: number, length: number): string {
  const bytes = block.subarray(start, start + length)
  const end = bytes.indexOf(0)
  return bytes.subarray(0, end === -1 ? length : end).toString('utf8')
}

/**
 * The files of an npm tarball (`.tgz`), by their path inside the package (the leading `package/`
 * dropped). Reads the ustar headers `npm pack` writes, with PAX `path` records for long names.
 *
 * @example
 * const files = readTarball('dist-packages/sigil-server-0.1.0.tgz')
 * JSON.parse(files.get('package.json')!.toString())
 */
export function readTarball(path: string): Map<string, Buffer> {
  const tar = gunzipSync(readFileSync(path))
  const files = new Map<string, Buffer>()
  let longName: string | undefined
  for (let offset = 0; offset + 512 <= tar.length; ) {
    const header = tar.subarray(offset, offset + 512)
    if (header.every((byte) => byte === 0)) break
    const size = Number.parseInt(field(header, 124, 12).trim() || '0', 8)
    const type = field(header, 156, 1)
    const data = tar.subarray(offset + 512, offset + 512 + size)
    const prefix = field(header, 345, 155)
    const name = longName ?? (prefix ? `${prefix}/${field(header, 0, 100)}` : field(header, 0, 100))
    longName = undefined
    if (type === 'x') longName = /(?:^|\n)\d+ path=([^\n]*)\n/.exec(data.toString('utf8'))?.[1]
    else if (type === '0' || type === '') files.set(name.replace(/^package\//, ''), Buffer.from(data))
    offset += 512 + Math.ceil(size / 512) * 512
  }
  return files
}
