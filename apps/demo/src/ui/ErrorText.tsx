/**
 * An error under a form, announced by screen readers; nothing when there is none.
 *
 * @example
 * <ErrorText error={mutation.error} />
 */
export function ErrorText({ error }: { error: Error | null | undefined }) {
  if (!error) return null
  return (
    <p className="error-text" role="alert">
      {error.message}
    </p>
  )
}
