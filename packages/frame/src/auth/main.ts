import { openCredentialBundle } from '@sigil/protocol'
import { createFrameMessenger } from '../shared/createFrameMessenger.js'
import { embeddedKeyStore } from '../shared/embeddedKeyStore.js'
import { findExportFrameKeys } from '../shared/findExportFrameKeys.js'
import { loadEmbeddedKey } from '../shared/loadEmbeddedKey.js'
import { readFrameSettings } from '../shared/readFrameSettings.js'
import { assertStampableBody } from './assertStampableBody.js'
import { importSessionKey, type SessionKey } from './importSessionKey.js'
import { sameP256PublicKey } from './sameP256PublicKey.js'
import { stampWithSessionKey } from './stampWithSessionKey.js'

const keyName = 'auth'
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
      const key = await loadEmbeddedKey(keyName, { ttlMs, regenerate: Boolean(options.ttlMs) })
      status('ready')
      return key.publicKeyHex
    },
    async handle(request) {
      switch (request.type) {
        case 'INJECT_CREDENTIAL_BUNDLE':
        case 'INJECT_RECOVERY_BUNDLE': {
          const { keyPair } = await loadEmbeddedKey(keyName, { ttlMs })
          const secret = await openCredentialBundle({ bundle: request.value, recipientPrivateKey: keyPair })
          sessionKey = await importSessionKey(secret)
          return { type: 'BUNDLE_INJECTED', value: true }
        }
        case 'STAMP_REQUEST': {
          if (!sessionKey) throw new Error('no credential bundle has been injected')
          if (typeof request.value !== 'string') throw new Error('STAMP_REQUEST needs a string body')
          await assertStampableBody(request.value, {
            isOwnKey: async (target) => {
              const own = await embeddedKeyStore.load(keyName).catch(() => undefined)
              return own !== undefined && sameP256PublicKey(target, own.publicKeyHex)
            },
            isExportFrameKey: async (target) =>
              (await findExportFrameKeys((candidate) => sameP256PublicKey(candidate, target))) !== undefined,
          })
          return { type: 'STAMP', value: await stampWithSessionKey(sessionKey, request.value) }
        }
        case 'GET_EMBEDDED_PUBLIC_KEY': {
          const stored = await embeddedKeyStore.load(keyName)
          return {
            type: 'EMBEDDED_PUBLIC_KEY',
            value: stored && stored.expiresAt > Date.now() ? stored.publicKeyHex : '',
          }
        }
        case 'INIT_EMBEDDED_KEY': {
          sessionKey = undefined
          const key = await loadEmbeddedKey(keyName, { ttlMs, regenerate: true })
          return { type: 'EMBEDDED_PUBLIC_KEY', value: key.publicKeyHex }
        }
        case 'RESET_EMBEDDED_KEY': {
          sessionKey = undefined
          await embeddedKeyStore.delete(keyName)
          return { type: 'EMBEDDED_KEY_RESET', value: null }
        }
        default:
          throw new Error(`unsupported message type: ${request.type}`)
      }
    },
  })
}
