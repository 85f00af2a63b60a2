import { BaseError } from '@sigil/protocol'

/**
 * A vault envelope could not be opened: malformed, sealed under another master key, tampered with, or
 * opened with another context (`aad`) than it was sealed with. Never carries key material.
 */
export class VaultError extends BaseError {
  override name = 'VaultError' as const
}

/** `SIGIL_MASTER_KEY` or the master key file does not hold a usable 32-byte key. Never quotes the key. */
export class InvalidMasterKeyError extends BaseError {
  override name = 'InvalidMasterKeyError' as const
}

/** The master key file may be read or written by group or others; refused unless explicitly allowed. */
export class InsecureKeyFileError extends BaseError {
  override name = 'InsecureKeyFileError' as const
}
