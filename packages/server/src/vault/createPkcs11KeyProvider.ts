import { createHash, randomBytes } from 'node:crypto'
import { InvalidMasterKeyError } from './errors.js'
import type { KeyProvider, WrappedDataKey } from './KeyProvider.js'
import type { Pkcs11Config } from './parsePkcs11Config.js'

const wrapContext = Buffer.from('sigil/vault/v1/data-key')
const tagLength = 16

/**
 * The hardware {@link KeyProvider}: the master key is an AES-256 secret key inside a PKCS#11 token (an HSM,
 * or SoftHSM2 for tests) and never leaves it; data keys are wrapped and unwrapped by AES-GCM
 * encrypt/decrypt calls in the token (random 12-byte IV, the same AAD as the software provider). Its `id`
 * is `pkcs11:` + 16 hex of SHA-256 over the token serial, the key label and the key's `CKA_CHECK_VALUE`:
 * stable for a key, revealing nothing about it. Opens one logged-in session for the process's lifetime.
 * Setup: docs/deploy.md#master-keys.
 *
 * @example
 * const keyProvider = await createPkcs11KeyProvider(parsePkcs11Config(process.env.SIGIL_MASTER_KEY_PKCS11!, 'SIGIL_MASTER_KEY_PKCS11'))
 */
export async function createPkcs11KeyProvider(config: Pkcs11Config): Promise<KeyProvider> {
  const pkcs11js = (await import('pkcs11js')).default
  const module = new pkcs11js.PKCS11()
  try {
    module.load(config.module)
  } catch (error) {
    throw new InvalidMasterKeyError(`cannot load the PKCS#11 module ${config.module}`, { cause: error })
  }
  try {
    module.C_Initialize()
  } catch (error) {
    // Already initialized in this process (a second provider on the same module) is fine.
    if ((error as { code?: number }).code !== pkcs11js.CKR_CRYPTOKI_ALREADY_INITIALIZED) throw error
  }
  const slot = module
    .C_GetSlotList(true)
    .find((candidate) => module.C_GetTokenInfo(candidate).label.trimEnd() === config.token)
  if (!slot)
    throw new InvalidMasterKeyError(`no PKCS#11 token labelled "${config.token}" in ${config.module}`)
  const serial = module.C_GetTokenInfo(slot).serialNumber.trimEnd()
  const session = module.C_OpenSession(slot, pkcs11js.CKF_SERIAL_SESSION | pkcs11js.CKF_RW_SESSION)
  try {
    module.C_Login(session, pkcs11js.CKU_USER, config.pin)
  } catch (error) {
    if ((error as { code?: number }).code !== pkcs11js.CKR_USER_ALREADY_LOGGED_IN)
      throw new InvalidMasterKeyError(`cannot log in to the PKCS#11 token "${config.token}" (wrong PIN?)`, {
        cause: error,
      })
  }
  module.C_FindObjectsInit(session, [
    { type: pkcs11js.CKA_CLASS, value: pkcs11js.CKO_SECRET_KEY },
    { type: pkcs11js.CKA_KEY_TYPE, value: pkcs11js.CKK_AES },
    { type: pkcs11js.CKA_LABEL, value: config.label },
  ])
  const keys = module.C_FindObjects(session, 2)
  module.C_FindObjectsFinal(session)
  if (keys.length !== 1) {
    throw new InvalidMasterKeyError(
      `expected one AES key labelled "${config.label}" on the PKCS#11 token "${config.token}", found ${keys.length}`,
    )
  }
  const key = keys[0]!
  const [valueLength, checkValue] = module.C_GetAttributeValue(session, key, [
    { type: pkcs11js.CKA_VALUE_LEN },
    { type: pkcs11js.CKA_CHECK_VALUE },
  ])
  if (readUlong(valueLength?.value as Buffer | undefined) !== 32) {
    throw new InvalidMasterKeyError(`the PKCS#11 key "${config.label}" must be an AES-256 (32-byte) key`)
  }
  const id = `pkcs11:${createHash('sha256')
    .update(`sigil/vault/v1/key-id\0${serial}\0${config.label}\0`)
    .update((checkValue?.value as Buffer | undefined) ?? Buffer.alloc(0))
    .digest('hex')
    .slice(0, 16)}`

  const mechanism = (iv: Buffer) => ({
    mechanism: pkcs11js.CKM_AES_GCM,
    parameter: { type: pkcs11js.CK_PARAMS_AES_GCM, iv, aad: wrapContext, ivBits: 96, tagBits: 128 },
  })
  return {
    id,
    wrapKey(dataKey) {
      const iv = randomBytes(12)
      module.C_EncryptInit(session, mechanism(iv), key)
      const wrappedKey = module.C_Encrypt(
        session,
        Buffer.from(dataKey),
        Buffer.alloc(dataKey.length + tagLength),
      )
      return { wrappedKey: Buffer.from(wrappedKey), iv }
    },
    unwrapKey({ wrappedKey, iv }: WrappedDataKey) {
      if (wrappedKey.length !== 32 + tagLength || iv.length !== 12) {
        throw new Error('wrapped data key has the wrong length')
      }
      module.C_DecryptInit(session, mechanism(Buffer.from(iv)), key)
      const output = Buffer.alloc(32 + tagLength)
      const dataKey = module.C_Decrypt(session, Buffer.from(wrappedKey), output)
      try {
        return new Uint8Array(dataKey)
      } finally {
        output.fill(0)
      }
    },
  }
}

/** A `CK_ULONG` attribute value (native byte order, 4 or 8 bytes). */
function readUlong(value: Buffer | undefined): number | undefined {
  if (!value) return undefined
  if (value.length === 8) return Number(value.readBigUInt64LE())
  if (value.length === 4) return value.readUInt32LE()
  return undefined
}
