import { parsePhoneNumberFromString } from 'libphonenumber-js'

/**
 * A phone number in international format as E.164 (`+14155550123`), or undefined when it is not a
 * valid number. Spaces, dashes and brackets are accepted (`+1 (415) 555-0123`); a number without its
 * country code is not, since the server cannot know the user's country.
 *
 * @example
 * toE164('+1 415 555 0123') // '+14155550123'
 */
export function toE164(input: string): string | undefined {
  const trimmed = input.trim()
  if (!trimmed.startsWith('+') || trimmed.length > 32) return undefined
  const parsed = parsePhoneNumberFromString(trimmed)
  return parsed?.isValid() ? parsed.number : undefined
}
