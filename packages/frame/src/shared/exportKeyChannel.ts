/** The BroadcastChannel on which the auth frame asks the export frames for their current keys. */
export const exportKeyChannelName = 'sigil-export-frame-key'

/**
 * Auth frame → export frames: "which key are you waiting on?", asked for the auth frame's own app
 * and embedding origin; only an export frame of that app embedded by that origin answers.
 */
export type ExportKeyQuery = { type: 'EXPORT_KEY_QUERY'; nonce: string; app: string; origin: string }
/** Export frame → auth frame: the key its next export bundle must be sealed to. */
export type ExportKeyAnswer = { type: 'EXPORT_KEY'; nonce: string; publicKeyHex: string }
