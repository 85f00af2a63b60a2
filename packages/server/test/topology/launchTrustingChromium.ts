import { createHash, X509Certificate } from 'node:crypto'
import { type Browser, chromium } from 'playwright-core'

/** Debian's Chromium (`.ci/run` installs it); never a downloaded browser. */
const chromiumPath = process.env.SIGIL_CHROMIUM_PATH ?? '/usr/bin/chromium'

/**
 * Headless Debian Chromium (the flags of the browser suites) that accepts `certificatePem` for its
 * public key (`--ignore-certificate-errors-spki-list`), as it would a certificate from a real CA, and
 * still refuses any other certificate: unlike a context with `ignoreHTTPSErrors`, which accepts every one.
 *
 * @example
 * const browser = await launchTrustingChromium(certificate.certificatePem)
 */
export function launchTrustingChromium(certificatePem: string): Promise<Browser> {
  const spki = new X509Certificate(certificatePem).publicKey.export({ type: 'spki', format: 'der' })
  const pin = createHash('sha256').update(spki).digest('base64')
  return chromium.launch({
    executablePath: chromiumPath,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
      `--ignore-certificate-errors-spki-list=${pin}`,
    ],
  })
}
