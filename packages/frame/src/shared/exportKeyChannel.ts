/** The BroadcastChannel on which the auth frame asks the export frames for their current keys. */
export const exportKeyChannelName = 'sigil-export-frame-key'

/** Auth frame → export frames: "which key are you waiting on?". */
export type ExportKeyQuery = { type: 'EXPORT_KEY_QUERY'; nonce: string }
/** Export frame → auth frame: the key its next export bundle must be sealed to. */
export type ExportKeyAnswer = { type: 'EXPORT_KEY'; nonce: string; publicKeyHex: string }
