/** The element the key frame is put in when the app names none (docs/account-kit.md#core). */
export const defaultIframeContainerId = 'alchemy-signer-iframe-container'
