/** Defaults of the signer config (docs/account-kit.md#signer, docs/account-kit.md#constants, docs/protocol.md#sessions). */
export const defaultIframeElementId = 'turnkey-iframe'
/** The export frame's element id (docs/account-kit.md#constants). */
export const defaultExportIframeElementId = 'turnkey-export-iframe'
export const defaultIframeContainerId = 'alchemy-signer-iframe-container'
export const defaultRootOrgId = '24c1acf5-810f-41e0-a503-d5d13fa8e830'
export const defaultSessionKey = 'alchemy-signer-session'
/** 15 minutes. */
export const defaultSessionMs = 900_000
