/** This package's version, sent as `Alchemy-AA-Sdk-Version` on every sign-in service call. */
export const version = '0.1.0'
