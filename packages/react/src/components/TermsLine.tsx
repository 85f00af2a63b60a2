import { texts } from '../ui/texts.js'
import { useAuthUi } from './AuthUiContext.js'

/**
 * The terms-of-service line of the first step: 'By signing in, you agree to the Terms of Service',
 * linked to the UI options' `termsUrl` when there is one.
 *
 * @example
 * <TermsLine />
 */
export function TermsLine() {
  const { termsUrl } = useAuthUi()
  return (
    <p className="sigil-footer">
      {texts.login.tosPrefix}{' '}
      {termsUrl ? (
        <a href={termsUrl} target="_blank" rel="noreferrer">
          {texts.login.tosLink}
        </a>
      ) : (
        texts.login.tosLink
      )}
    </p>
  )
}
