/** Defaults of the signer config (spec §3, §9; reference §1.2, §1.9). */
export const defaultIframeElementId = 'turnkey-iframe'
/** The export frame's element id (spec §9). */
export const defaultExportIframeElementId = 'turnkey-export-iframe'
export const defaultIframeContainerId = 'alchemy-signer-iframe-container'
export const defaultRootOrgId = '24c1acf5-810f-41e0-a503-d5d13fa8e830'
export const defaultSessionKey = 'alchemy-signer-session'
/** 15 minutes. */
export const defaultSessionMs = 900_000
