import { readErrorMessage } from './readErrorMessage'

/**
 * An error under a form, announced by screen readers (a JSON-RPC error as the server's own message,
 * see `readErrorMessage`); nothing when there is none.
 *
 * @example
 * <ErrorText error={mutation.error} />
 */
export function ErrorText({ error }: { error: Error | null | undefined }) {
  if (!error) return null
  return (
    <p className="error-text" role="alert">
      {readErrorMessage(error)}
    </p>
  )
}
