import { type Browser, type BrowserContext, chromium } from 'playwright-core'

/** Debian's Chromium (`.ci/run` installs it); never a downloaded browser. */
export const chromiumPath = process.env.SIGIL_CHROMIUM_PATH ?? '/usr/bin/chromium'

/** Flags for a closed network: no background connections that this machine would refuse. */
const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
]

/**
 * Headless Debian Chromium through playwright-core, with the flags every Chromium suite and bench uses.
 *
 * @example
 * const browser = await launchChromium()
 */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath, args: chromiumArgs })
}

/**
 * A browser profile kept in `userDataDir`: close it and launch it again on the same folder to reopen
 * the browser with its storage (localStorage, the frame's IndexedDB) as a user's would be.
 *
 * @example
 * const context = await launchPersistentChromium(await mkdtemp(join(tmpdir(), 'profile-')))
 */
export function launchPersistentChromium(userDataDir: string): Promise<BrowserContext> {
  return chromium.launchPersistentContext(userDataDir, {
    executablePath: chromiumPath,
    args: chromiumArgs,
    viewport: { width: 900, height: 700 },
  })
}
