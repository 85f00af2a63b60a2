/**
 * The test app page for the Chromium suites: it exposes `@sigil/signer` as `window.sigil` and, when
 * the test set `window.__sigilConfig` (an init script, so it survives reloads), creates the signer
 * as an app would, as `window.signer`, recording its events in `window.signerEvents` and showing
 * its status and user on the page (for the screenshots).
 */

import type { CreateSignerParameters, Signer } from '@sigil/signer'
import * as sigil from '@sigil/signer'
import { solanaKit } from './solanaKit.js'

type TestWindow = Window & {
  sigil: typeof sigil
  signer?: Signer
  signerEvents: string[]
  signerReady?: Promise<void>
  solanaKit: typeof solanaKit
  __sigilConfig?: CreateSignerParameters
}

const testWindow = window as unknown as TestWindow
testWindow.sigil = sigil
testWindow.signerEvents = []
testWindow.solanaKit = solanaKit

const statusElement = document.getElementById('status') as HTMLElement
const userElement = document.getElementById('user') as HTMLElement

function render(signer: Signer) {
  statusElement.textContent = signer.status
  userElement.textContent = signer.user
    ? `${signer.user.email ?? signer.user.userId} ${signer.user.address}`
    : '-'
}

const config = testWindow.__sigilConfig
if (config) {
  const signer = sigil.createSigner(config)
  testWindow.signer = signer
  for (const name of [
    'statusChanged',
    'connected',
    'disconnected',
    'newUserSignup',
    'errorChanged',
    'mfaStatusChanged',
  ] as const)
    signer.on(name, (...args: unknown[]) => {
      const first = args[0]
      testWindow.signerEvents.push(typeof first === 'string' ? `${name}:${first}` : name)
      render(signer)
    })
  testWindow.signerReady = signer.ready.then(() => render(signer))
}
