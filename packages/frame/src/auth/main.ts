import { openCredentialBundle } from '@sigil/protocol'
import { createFrameMessenger } from '../shared/createFrameMessenger.js'
import { embeddedKeyName } from '../shared/embeddedKeyName.js'
import { embeddedKeyStore } from '../shared/embeddedKeyStore.js'
import { findExportFrameKeys } from '../shared/findExportFrameKeys.js'
import { loadEmbeddedKey } from '../shared/loadEmbeddedKey.js'
import { readFrameApp } from '../shared/readFrameApp.js'
import { readFrameSettings } from '../shared/readFrameSettings.js'
import { assertStampableBody } from './assertStampableBody.js'
import { importSessionKey, type SessionKey } from './importSessionKey.js'
import { sameP256PublicKey } from './sameP256PublicKey.js'
import { stampWithSessionKey } from './stampWithSessionKey.js'

/** Where the key was kept before keys were named by app and origin: adopted by the first page to load one. */
const legacyKeyName = 'auth'
const app = readFrameApp(window.location)
/** The key of this app for the page of `origin` (docs/security.md#key-frames-and-a-compromised-page). */
const keyName = (origin: string) => embeddedKeyName('auth', { app, origin })
const settings = readFrameSettings(document)
let sessionKey: SessionKey | undefined
let ttlMs: number | undefined

const status = (text: string) => {
  const element = document.getElementById('status')
  if (element) element.textContent = text
}

if ((window.location.ancestorOrigins?.length ?? 0) > 1) {
  status('This frame refuses to run inside another frame.')
} else {
  createFrameMessenger({
    window,
    allowedOrigins: settings.allowedOrigins,
    async announce(options) {
      if (options.ttlMs) ttlMs = options.ttlMs
      const key = await loadEmbeddedKey(keyName(options.origin), {
        ttlMs,
        regenerate: Boolean(options.ttlMs),
        legacyName: legacyKeyName,
      })
      status('ready')
      return key.publicKeyHex
    },
    async handle(request, origin) {
      const name = keyName(origin)
      switch (request.type) {
        case 'INJECT_CREDENTIAL_BUNDLE':
        case 'INJECT_RECOVERY_BUNDLE': {
          const { keyPair } = await loadEmbeddedKey(name, { ttlMs, legacyName: legacyKeyName })
          const secret = await openCredentialBundle({ bundle: request.value, recipientPrivateKey: keyPair })
          sessionKey = await importSessionKey(secret)
          return { type: 'BUNDLE_INJECTED', value: true }
        }
        case 'STAMP_REQUEST': {
          if (!sessionKey) throw new Error('no credential bundle has been injected')
          if (typeof request.value !== 'string') throw new Error('STAMP_REQUEST needs a string body')
          await assertStampableBody(request.value, {
            isOwnKey: async (target) => {
              const own = await embeddedKeyStore.load(name).catch(() => undefined)
              return own !== undefined && sameP256PublicKey(target, own.publicKeyHex)
            },
            isExportFrameKey: async (target) =>
              (await findExportFrameKeys({ app, origin }, (candidate) =>
                sameP256PublicKey(candidate, target),
              )) !== undefined,
          })
          return { type: 'STAMP', value: await stampWithSessionKey(sessionKey, request.value) }
        }
        case 'GET_EMBEDDED_PUBLIC_KEY': {
          const stored = await embeddedKeyStore.load(name)
          return {
            type: 'EMBEDDED_PUBLIC_KEY',
            value: stored && stored.expiresAt > Date.now() ? stored.publicKeyHex : '',
          }
        }
        case 'INIT_EMBEDDED_KEY': {
          sessionKey = undefined
          const key = await loadEmbeddedKey(name, { ttlMs, regenerate: true, legacyName: legacyKeyName })
          return { type: 'EMBEDDED_PUBLIC_KEY', value: key.publicKeyHex }
        }
        case 'RESET_EMBEDDED_KEY': {
          sessionKey = undefined
          await embeddedKeyStore.delete(name)
          return { type: 'EMBEDDED_KEY_RESET', value: null }
        }
        default:
          throw new Error(`unsupported message type: ${request.type}`)
      }
    },
  })
}
