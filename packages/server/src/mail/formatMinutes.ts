/**
 * A lifetime in seconds as whole minutes for mail text (at least one).
 *
 * @example
 * formatMinutes(300) // '5 minutes'
 * formatMinutes(45) // '1 minute'
 */
export function formatMinutes(seconds: number): string {
  const minutes = Math.max(1, Math.round(seconds / 60))
  return minutes === 1 ? '1 minute' : `${minutes} minutes`
}
