import { texts } from '../ui/texts.js'
import { useAuthUi } from './AuthUiContext.js'

/**
 * The contact-support link of the passkey, wallet and OAuth steps: 'Having trouble?' (or 'Need
 * help?') and 'Contact support' to the UI options' `supportUrl`; nothing without one.
 *
 * @example
 * <SupportLink prompt="needHelp" />
 */
export function SupportLink({ prompt = 'prompt' }: { prompt?: 'prompt' | 'needHelp' | undefined }) {
  const { supportUrl } = useAuthUi()
  if (!supportUrl) return null
  return (
    <p className="sigil-footer">
      {texts.support[prompt]}{' '}
      <a href={supportUrl} target="_blank" rel="noreferrer">
        {texts.support.link}
      </a>
    </p>
  )
}
