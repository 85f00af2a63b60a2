import { answerExportKeyQueries } from '../shared/answerExportKeyQueries.js'
import { createFrameMessenger } from '../shared/createFrameMessenger.js'
import { embeddedKeyName } from '../shared/embeddedKeyName.js'
import { embeddedKeyStore } from '../shared/embeddedKeyStore.js'
import { loadEmbeddedKey } from '../shared/loadEmbeddedKey.js'
import { readFrameApp } from '../shared/readFrameApp.js'
import { readFrameSettings } from '../shared/readFrameSettings.js'
import { formatExportedKey } from './formatExportedKey.js'
import { openInjectedBundle } from './openInjectedBundle.js'
import { toKeyFormat } from './toKeyFormat.js'

/** Where the key was kept before keys were named by app and origin: dropped on the first announcement. */
const legacyKeyName = 'export'
const app = readFrameApp(window.location)
/** The key of this app for the page of `origin` (docs/security.md#key-frames-and-a-compromised-page). */
const keyName = (origin: string) => embeddedKeyName('export', { app, origin })
/** The origin of the page this frame announced its key to (a frame has one parent). */
let parentOrigin: string | undefined
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
async function open(bundle: string, organizationId: string | undefined, origin: string): Promise<Uint8Array> {
  if (!settings.exportSignerPublicKey) throw new Error('this export page has no signer key configured')
  const { keyPair } = await loadEmbeddedKey(keyName(origin))
  try {
    return await openInjectedBundle({
      bundle,
      recipientPrivateKey: keyPair,
      organizationId,
      signerPublicKey: settings.exportSignerPublicKey,
    })
  } finally {
    await embeddedKeyStore.delete(keyName(origin))
  }
}

/**
 * One key announcement at a time: a frame announces on load (for iframe-stamper 1.x) and again on
 * the MessageChannel handshake (2.x); run one after the other, the key announced last is the key
 * stored, so a bundle sealed to it opens.
 */
let announcing: Promise<unknown> = Promise.resolve()
function announceKey({ ttlMs, origin }: { ttlMs?: number; origin: string }): Promise<string> {
  parentOrigin = origin
  const next = announcing
    .catch(() => undefined)
    .then(
      async () =>
        (await loadEmbeddedKey(keyName(origin), { ttlMs, regenerate: true, legacyName: legacyKeyName }))
          .publicKeyHex,
    )
  announcing = next
  return next
}

// The auth frame stamps an export only to the key this frame waits on (see assertStampableBody),
// and only when both frames belong to the same app and are embedded by the same origin.
answerExportKeyQueries(
  () => (parentOrigin === undefined ? undefined : { app, origin: parentOrigin }),
  async () => {
    if (parentOrigin === undefined) return undefined
    const stored = await embeddedKeyStore.load(keyName(parentOrigin))
    return stored && stored.expiresAt > Date.now() ? stored.publicKeyHex : undefined
  },
)

createFrameMessenger({
  window,
  allowedOrigins: settings.allowedOrigins,
  announce: announceKey,
  async handle(request, origin) {
    switch (request.type) {
      case 'INJECT_WALLET_EXPORT_BUNDLE': {
        const plaintext = await open(request.value, request.organizationId, origin)
        show(new TextDecoder().decode(plaintext).split('\n')[0] ?? '')
        plaintext.fill(0)
        return { type: 'BUNDLE_INJECTED', value: true }
      }
      case 'INJECT_KEY_EXPORT_BUNDLE': {
        const keyFormat = toKeyFormat(request.keyFormat)
        const plaintext = await open(request.value, request.organizationId, origin)
        try {
          show(formatExportedKey(plaintext, keyFormat))
        } finally {
          plaintext.fill(0)
        }
        return { type: 'BUNDLE_INJECTED', value: true }
      }
      case 'GET_EMBEDDED_PUBLIC_KEY': {
        const stored = await embeddedKeyStore.load(keyName(origin))
        return { type: 'EMBEDDED_PUBLIC_KEY', value: stored?.publicKeyHex ?? '' }
      }
      case 'RESET_EMBEDDED_KEY':
        await embeddedKeyStore.delete(keyName(origin))
        return undefined
      case 'APPLY_SETTINGS':
        return { type: 'SETTINGS_APPLIED', value: true }
      default:
        throw new Error(`unsupported message type: ${request.type}`)
    }
  },
})
