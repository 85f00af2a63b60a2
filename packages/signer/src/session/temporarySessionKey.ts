/**
 * The storage key of the temporary session: `<sessionKey>:temporary`.
 *
 * @example
 * temporarySessionKey('alchemy-signer-session') // 'alchemy-signer-session:temporary'
 */
export function temporarySessionKey(sessionKey: string): string {
  return `${sessionKey}:temporary`
}
