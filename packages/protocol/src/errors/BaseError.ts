export type BaseErrorParameters = {
  /** Extra lines for a developer: what went wrong in more detail. Never key material. */
  details?: string | undefined
  /** The error that caused this one. */
  cause?: unknown
  /** Path of the docs page that explains this error, e.g. `/errors/stamps`. */
  docsPath?: string | undefined
  /** Short message lines appended below the main message. */
  metaMessages?: string[] | undefined
}

/**
 * The one error base class of Sigil. Subclasses set a literal `name`.
 *
 * @example
 * class InvalidStampError extends BaseError {
 *   override name = 'InvalidStampError' as const
 * }
 * throw new InvalidStampError('malformed activity stamp', { details: 'not base64url' })
 */
export class BaseError extends Error {
  override name: string = 'BaseError'
  readonly shortMessage: string
  readonly details: string | undefined
  readonly docsPath: string | undefined
  readonly metaMessages: string[] | undefined

  constructor(shortMessage: string, parameters: BaseErrorParameters = {}) {
    const lines = [shortMessage]
    if (parameters.metaMessages?.length) lines.push('', ...parameters.metaMessages)
    if (parameters.details) lines.push('', `Details: ${parameters.details}`)
    if (parameters.docsPath) lines.push(`Docs: ${parameters.docsPath}`)
    super(lines.join('\n'), parameters.cause === undefined ? undefined : { cause: parameters.cause })
    this.shortMessage = shortMessage
    this.details = parameters.details
    this.docsPath = parameters.docsPath
    this.metaMessages = parameters.metaMessages
  }

  /** Walks the `cause` chain and returns the first error for which `predicate` holds. */
  walk(predicate: (error: unknown) => boolean): unknown {
    let current: unknown = this
    while (current) {
      if (predicate(current)) return current
      current = current instanceof Error ? current.cause : undefined
    }
    return undefined
  }
}
