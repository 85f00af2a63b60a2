import { readSignInError } from '@sigil/core'
import { Fragment } from 'react'
import { getPasskeyErrorText } from '../../ui/getPasskeyErrorText.js'
import { texts } from '../../ui/texts.js'
import type { AuthStep } from '../AuthStep.js'
import { useAuthUi } from '../AuthUiContext.js'
import { AuthSection } from '../sections/AuthSection.js'
import { TermsLine } from '../TermsLine.js'

/** The server's lower-case error texts ('invalid or expired sign-in link') as a sentence. */
const toSentence = (text: string) =>
  text && /^[a-z]/.test(text)
    ? `${text[0]!.toUpperCase()}${text.slice(1)}${/[.!?]$/.test(text) ? '' : '.'}`
    : text

/**
 * Step initial (docs/sign-in-ui.md): the header, 'Sign in', the error of a failed sign-in (unless `hideError`),
 * the sections of auth methods with 'or' between them (email field and Continue, passkey, social
 * buttons, wallets), and the terms-of-service line.
 *
 * @example
 * <InitialStep authStep={{ type: 'initial' }} />
 */
export function InitialStep({ authStep }: { authStep: AuthStep }) {
  const { sections, header, hideError, hideSignInText } = useAuthUi()
  const error = authStep.type === 'initial' ? authStep.error : undefined
  return (
    <>
      {header}
      {hideSignInText ? null : <h2>{texts.signIn}</h2>}
      {error && !hideError ? (
        <p className="sigil-error" role="alert">
          {getPasskeyErrorText(error) ?? toSentence(readSignInError(error).message ?? error.message)}
        </p>
      ) : null}
      {sections.map((section, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: sections are fixed for the card's life
        <Fragment key={index}>
          {index > 0 ? <p className="sigil-divider">{texts.or}</p> : null}
          <AuthSection section={section} />
        </Fragment>
      ))}
      <TermsLine />
    </>
  )
}
