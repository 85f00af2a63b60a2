/** Codes one pending MFA login (one MFA token) may try; the fifth wrong one kills it. */
export const maxMfaTokenAttempts = 5
