import { answerExportKeyQueries } from '../shared/answerExportKeyQueries.js'
import { createFrameMessenger } from '../shared/createFrameMessenger.js'
import { embeddedKeyStore } from '../shared/embeddedKeyStore.js'
import { loadEmbeddedKey } from '../shared/loadEmbeddedKey.js'
import { readFrameSettings } from '../shared/readFrameSettings.js'
import { formatExportedKey } from './formatExportedKey.js'
import { openInjectedBundle } from './openInjectedBundle.js'
import { toKeyFormat } from './toKeyFormat.js'

const keyName = 'export'
const settings = readFrameSettings(document)
const secretElement = document.getElementById('secret') as HTMLElement
const panel = document.getElementById('panel') as HTMLElement
const copyButton = document.getElementById('copy') as HTMLButtonElement

copyButton.addEventListener('click', async () => {
  await navigator.clipboard.writeText(secretElement.textContent ?? '')
  copyButton.textContent = 'Copied'
  setTimeout(() => {
    copyButton.textContent = 'Copy'
  }, 2000)
})

/** Shows the secret inside this frame only; the parent page never receives it. */
function show(text: string) {
  secretElement.textContent = text
  panel.hidden = false
}

/**
 * Opens an export bundle with this page's key, which is then thrown away (one key per export).
 * Without `organizationId` (iframe-stamper 1.x) the bundle's signed organization is used.
 */
async function open(bundle: string, organizationId: string | undefined): Promise<Uint8Array> {
  if (!settings.exportSignerPublicKey) throw new Error('this export page has no signer key configured')
  const { keyPair } = await loadEmbeddedKey(keyName)
  try {
    return await openInjectedBundle({
      bundle,
      recipientPrivateKey: keyPair,
      organizationId,
      signerPublicKey: settings.exportSignerPublicKey,
    })
  } finally {
    await embeddedKeyStore.delete(keyName)
  }
}

/**
 * One key announcement at a time: a frame announces on load (for iframe-stamper 1.x) and again on
 * the MessageChannel handshake (2.x); run one after the other, the key announced last is the key
 * stored, so a bundle sealed to it opens.
 */
let announcing: Promise<unknown> = Promise.resolve()
function announceKey(options: { ttlMs?: number }): Promise<string> {
  const next = announcing
    .catch(() => undefined)
    .then(async () => (await loadEmbeddedKey(keyName, { ...options, regenerate: true })).publicKeyHex)
  announcing = next
  return next
}

// The auth frame stamps an export only to the key this frame waits on (see assertStampableBody).
answerExportKeyQueries(async () => {
  const stored = await embeddedKeyStore.load(keyName)
  return stored && stored.expiresAt > Date.now() ? stored.publicKeyHex : undefined
})

createFrameMessenger({
  window,
  allowedOrigins: settings.allowedOrigins,
  announce: announceKey,
  async handle(request) {
    switch (request.type) {
      case 'INJECT_WALLET_EXPORT_BUNDLE': {
        const plaintext = await open(request.value, request.organizationId)
        show(new TextDecoder().decode(plaintext).split('\n')[0] ?? '')
        plaintext.fill(0)
        return { type: 'BUNDLE_INJECTED', value: true }
      }
      case 'INJECT_KEY_EXPORT_BUNDLE': {
        const keyFormat = toKeyFormat(request.keyFormat)
        const plaintext = await open(request.value, request.organizationId)
        try {
          show(formatExportedKey(plaintext, keyFormat))
        } finally {
          plaintext.fill(0)
        }
        return { type: 'BUNDLE_INJECTED', value: true }
      }
      case 'GET_EMBEDDED_PUBLIC_KEY': {
        const stored = await embeddedKeyStore.load(keyName)
        return { type: 'EMBEDDED_PUBLIC_KEY', value: stored?.publicKeyHex ?? '' }
      }
      case 'RESET_EMBEDDED_KEY':
        await embeddedKeyStore.delete(keyName)
        return undefined
      case 'APPLY_SETTINGS':
        return { type: 'SETTINGS_APPLIED', value: true }
      default:
        throw new Error(`unsupported message type: ${request.type}`)
    }
  },
})
