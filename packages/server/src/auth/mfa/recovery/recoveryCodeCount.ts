/** How many recovery codes a user gets at a time. */
export const recoveryCodeCount = 10
