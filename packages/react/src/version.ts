/** The package version, sent nowhere; shown by the demo. */
export const version = '0.1.0'
