/** The element the key frame is put in when the app names none (reference §2.1, spec §9). */
export const defaultIframeContainerId = 'alchemy-signer-iframe-container'
