import { createFrameMessenger } from '../shared/createFrameMessenger.js'
import { readFrameSettings } from '../shared/readFrameSettings.js'
import { decodeImportKey, toImportKeyFormat } from './decodeImportKey.js'
import { type ImportStyle, readImportSettings } from './readImportSettings.js'
import { sealImportPlaintext } from './sealImportPlaintext.js'
import { toWalletPlaintext } from './toWalletPlaintext.js'
import { verifyImportBundle } from './verifyImportBundle.js'

const settings = readFrameSettings(document)
const secretInput = document.getElementById('secret') as HTMLTextAreaElement
const secretLabel = document.getElementById('secret-label') as HTMLLabelElement
const passphraseRow = document.getElementById('passphrase-row') as HTMLElement
const passphraseInput = document.getElementById('passphrase') as HTMLInputElement
const passphraseLabel = document.getElementById('passphrase-label') as HTMLLabelElement
const errorElement = document.getElementById('error') as HTMLElement
const panel = document.getElementById('panel') as HTMLFormElement

/**
 * The bundle's `targetPublic` (the server's import key for this org and user), kept in memory only:
 * one import frame serves one import.
 */
let targetPublic: Uint8Array | undefined

panel.addEventListener('submit', (event) => event.preventDefault())
secretInput.addEventListener('input', () => showError(undefined))

/** Shows why the typed secret was refused, inside the frame (the text never repeats the secret). */
function showError(message: string | undefined) {
  errorElement.textContent = message ?? ''
  errorElement.hidden = message === undefined
  if (message === undefined) secretInput.removeAttribute('aria-invalid')
  else secretInput.setAttribute('aria-invalid', 'true')
}

/** Throws `error` after showing its message in the frame. */
function refuse(error: unknown): never {
  showError(error instanceof Error ? error.message : String(error))
  secretInput.focus()
  throw error
}

/** The typed secret is only in the form fields; cleared once sealed. */
function clearFields() {
  secretInput.value = ''
  passphraseInput.value = ''
  showError(undefined)
}

function applyStyles(styles: ImportStyle[], field: HTMLElement, label: HTMLElement) {
  // CSSOM, which the page's CSP (style-src 'self') allows; values were checked by readImportSettings.
  for (const { target, property, value } of styles)
    (target === 'label' ? label : field).style.setProperty(property, value)
}

async function seal(plaintext: Uint8Array): Promise<string> {
  if (!targetPublic) throw new Error('no import bundle has been injected')
  try {
    return await sealImportPlaintext(plaintext, targetPublic)
  } finally {
    plaintext.fill(0)
  }
}

if ((window.location.ancestorOrigins?.length ?? 0) > 1) {
  panel.hidden = true
  document.body.textContent = 'This frame refuses to run inside another frame.'
} else {
  createFrameMessenger({
    window,
    allowedOrigins: settings.allowedOrigins,
    // The import frame has no embedded key: the secret is sealed to the bundle's target key.
    announce: async () => '',
    async handle(request) {
      switch (request.type) {
        case 'INJECT_IMPORT_BUNDLE': {
          targetPublic = undefined
          targetPublic = verifyImportBundle({
            bundle: request.value,
            signerPublicKey: settings.exportSignerPublicKey,
            organizationId: request.organizationId,
            userId: request.userId,
          })
          return { type: 'BUNDLE_INJECTED', value: true }
        }
        case 'EXTRACT_WALLET_ENCRYPTED_BUNDLE': {
          if (!targetPublic) throw new Error('no import bundle has been injected')
          let plaintext: Uint8Array
          try {
            plaintext = toWalletPlaintext(
              secretInput.value,
              passphraseRow.hidden ? '' : passphraseInput.value,
            )
          } catch (error) {
            refuse(error)
          }
          const value = await seal(plaintext)
          clearFields()
          return { type: 'ENCRYPTED_BUNDLE_EXTRACTED', value }
        }
        case 'EXTRACT_KEY_ENCRYPTED_BUNDLE': {
          const keyFormat = toImportKeyFormat(request.keyFormat)
          if (!targetPublic) throw new Error('no import bundle has been injected')
          let plaintext: Uint8Array
          try {
            plaintext = decodeImportKey(secretInput.value, keyFormat)
          } catch (error) {
            refuse(error)
          }
          const value = await seal(plaintext)
          clearFields()
          return { type: 'ENCRYPTED_BUNDLE_EXTRACTED', value }
        }
        case 'APPLY_SETTINGS': {
          const applied = readImportSettings(request.value)
          applyStyles(applied.styles, secretInput, secretLabel)
          applyStyles(applied.passphraseStyles, passphraseInput, passphraseLabel)
          if (applied.enablePassphrase !== undefined) {
            passphraseRow.hidden = !applied.enablePassphrase
            if (!applied.enablePassphrase) passphraseInput.value = ''
          }
          return { type: 'SETTINGS_APPLIED', value: true }
        }
        default:
          throw new Error(`unsupported message type: ${request.type}`)
      }
    },
  })
}
