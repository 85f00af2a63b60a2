/**
 * Thrown inside a write transaction whose optimistic check found the row changed since it was read
 * (another writer, maybe another server instance, got there first): {@link retryOnConflict} runs the
 * transaction again on fresh reads.
 */
export class VersionConflict extends Error {
  constructor() {
    super('the row changed since it was read')
  }
}

/**
 * Runs `transaction` until it ends without a {@link VersionConflict} (or an error `retryWhen` accepts),
 * at most `maxAttempts` times; the last error is rethrown.
 *
 * @example
 * await retryOnConflict(() => writes.run(async (trx) => { … if (updated !== 1) throw new VersionConflict() … }))
 */
export async function retryOnConflict<result>(
  transaction: () => Promise<result>,
  {
    maxAttempts = 20,
    retryWhen = () => false,
  }: { maxAttempts?: number; retryWhen?: (error: unknown) => boolean } = {},
): Promise<result> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await transaction()
    } catch (error) {
      const retry = error instanceof VersionConflict || retryWhen(error)
      if (!retry || attempt >= maxAttempts) throw error
    }
  }
}
