import { openExportBundle } from '@sigil/protocol'
import { answerExportKeyQueries } from '../shared/answerExportKeyQueries.js'
import { createFrameMessenger } from '../shared/createFrameMessenger.js'
import { embeddedKeyStore } from '../shared/embeddedKeyStore.js'
import { loadEmbeddedKey } from '../shared/loadEmbeddedKey.js'
import { readFrameSettings } from '../shared/readFrameSettings.js'
import { formatExportedKey } from './formatExportedKey.js'

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

/** Opens an export bundle with this page's key, which is then thrown away (one key per export). */
async function open(bundle: string, organizationId: string | undefined): Promise<Uint8Array> {
  if (!organizationId) throw new Error('organizationId is required to open an export bundle')
  if (!settings.exportSignerPublicKey) throw new Error('this export page has no signer key configured')
  const { keyPair } = await loadEmbeddedKey(keyName)
  try {
    return await openExportBundle({
      bundle,
      recipientPrivateKey: keyPair,
      organizationId,
      signerPublicKey: settings.exportSignerPublicKey,
    })
  } finally {
    await embeddedKeyStore.delete(keyName)
  }
}

// The auth frame stamps an export only to the key this frame waits on (see assertStampableBody).
answerExportKeyQueries(async () => {
  const stored = await embeddedKeyStore.load(keyName)
  return stored && stored.expiresAt > Date.now() ? stored.publicKeyHex : undefined
})

createFrameMessenger({
  window,
  allowedOrigins: settings.allowedOrigins,
  async announce(options) {
    return (await loadEmbeddedKey(keyName, { ...options, regenerate: true })).publicKeyHex
  },
  async handle(request) {
    switch (request.type) {
      case 'INJECT_WALLET_EXPORT_BUNDLE': {
        const plaintext = await open(request.value, request.organizationId)
        show(new TextDecoder().decode(plaintext).split('\n')[0] ?? '')
        plaintext.fill(0)
        return { type: 'BUNDLE_INJECTED', value: true }
      }
      case 'INJECT_KEY_EXPORT_BUNDLE': {
        const plaintext = await open(request.value, request.organizationId)
        try {
          show(formatExportedKey(plaintext, request.keyFormat))
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
