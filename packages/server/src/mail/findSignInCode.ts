/**
 * The sign-in secret a mail's text carries: its magic link if it has one, else its 6-digit code.
 *
 * @example
 * findSignInCode('Your sign-in code for Demo is:\n\n    123456\n') // '123456'
 */
export function findSignInCode(text: string): string | undefined {
  const link = text.match(/https?:\/\/\S+\/magic-link\?\S+/)?.[0]
  if (link) return link
  return text.match(/(?<![\d.])\d{6}(?![\d.])/)?.[0]
}
