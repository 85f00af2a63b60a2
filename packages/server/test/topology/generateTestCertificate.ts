import { execFile } from 'node:child_process'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { promisify } from 'node:util'

export type TestCertificate = {
  /** PEM files nginx reads (`ssl_certificate`, `ssl_certificate_key`). */
  certificatePath: string
  keyPath: string
  /** The certificate as PEM, the one trust anchor of the test's HTTPS clients. */
  certificatePem: string
}

/**
 * A self-signed P-256 certificate for `localhost` and `127.0.0.1`, valid one day, made with the
 * `openssl` command line (Debian's `openssl`) into `dir`: `localhost.pem` and `localhost-key.pem`.
 *
 * @example
 * const certificate = await generateTestCertificate(dir)
 */
export async function generateTestCertificate(dir: string): Promise<TestCertificate> {
  const certificatePath = join(dir, 'localhost.pem')
  const keyPath = join(dir, 'localhost-key.pem')
  await promisify(execFile)('openssl', [
    'req',
    '-x509',
    '-newkey',
    'ec',
    '-pkeyopt',
    'ec_paramgen_curve:prime256v1',
    '-nodes',
    '-days',
    '1',
    '-subj',
    '/CN=localhost',
    '-addext',
    'subjectAltName=DNS:localhost,IP:127.0.0.1',
    '-keyout',
    keyPath,
    '-out',
    certificatePath,
  ])
  return { certificatePath, keyPath, certificatePem: await readFile(certificatePath, 'utf8') }
}
