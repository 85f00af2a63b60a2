/**
 * How long the target key of `init_import_wallet` / `init_import_private_key` opens a bundle: one hour,
 * as long as a stamped request may be old (`SIGIL_MAX_REQUEST_AGE_MS`'s default), ample for a user to
 * paste a phrase (docs/protocol.md#importing-wallets-and-keys).
 */
export const importKeyLifetimeMs = 60 * 60 * 1000
