/**
 * The key of a code's daily cap on wrong answers (`emailCodeFailuresPerUser`): its account, or for a
 * `verify` code (no account) its app and contact, so guesses at one contact's codes cannot close
 * another's.
 *
 * @example
 * await ctx.rateLimits.emailCodeFailuresPerUser.assertOpen(codeFailureKey(row))
 */
export function codeFailureKey(row: { app_id: string; email: string; user_id: string }): string {
  return row.user_id || `contact:${row.app_id}:${row.email}`
}
