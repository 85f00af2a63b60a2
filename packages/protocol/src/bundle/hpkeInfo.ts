/**
 * The HPKE `info` of Turnkey-compatible bundles, as ASCII bytes. Internal.
 *
 * @example
 * await getHpkeSuite().createSenderContext({ recipientPublicKey, info: new TextEncoder().encode(hpkeInfo) })
 */
export const hpkeInfo = 'turnkey_hpke'
