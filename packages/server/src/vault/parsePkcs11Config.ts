import { InvalidMasterKeyError } from './errors.js'

export type Pkcs11Config = {
  /** Path of the PKCS#11 module (shared library), e.g. `/usr/lib/softhsm/libsofthsm2.so`. */
  module: string
  /** Label of the token that holds the key. */
  token: string
  /** The token's user PIN. */
  pin: string
  /** `CKA_LABEL` of the AES-256 secret key. */
  label: string
}

const fields = ['module', 'token', 'pin', 'label'] as const

/**
 * Parses `SIGIL_MASTER_KEY_PKCS11`: `module=PATH;token=TOKEN_LABEL;pin=PIN;label=KEY_LABEL` (fields in any
 * order, separated by `;`; all four required). Errors name the variable and the field, never the PIN.
 *
 * @example
 * parsePkcs11Config('module=/usr/lib/softhsm/libsofthsm2.so;token=sigil;pin=1234;label=sigil-master', 'SIGIL_MASTER_KEY_PKCS11')
 */
export function parsePkcs11Config(text: string, source: string): Pkcs11Config {
  const values = new Map<string, string>()
  for (const part of text.split(';')) {
    if (part.trim() === '') continue
    const equals = part.indexOf('=')
    const name = equals < 0 ? part.trim() : part.slice(0, equals).trim()
    if (equals < 0 || !(fields as readonly string[]).includes(name))
      throw new InvalidMasterKeyError(`${source}: unknown field "${name}"; expected ${fields.join('=…;')}=…`)
    if (values.has(name)) throw new InvalidMasterKeyError(`${source}: field "${name}" given twice`)
    values.set(name, part.slice(equals + 1).trim())
  }
  const missing = fields.filter((field) => !values.get(field))
  if (missing.length > 0)
    throw new InvalidMasterKeyError(
      `${source}: missing ${missing.join(', ')} (format: ${fields.join('=…;')}=…)`,
    )
  return Object.fromEntries(values) as Pkcs11Config
}
