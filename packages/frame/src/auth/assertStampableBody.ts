export type StampableBodyKeys = {
  /** Whether this is the auth frame's own embedded key (credential bundles are sealed to it). */
  isOwnKey(publicKeyHex: string): Promise<boolean>
  /** Whether a live export frame of Sigil's origin waits on this key. */
  isExportFrameKey(publicKeyHex: string): Promise<boolean>
}

/** Activities that would give the page a credential of its own, outside the frame's checks. */
const refusedTypes = /^ACTIVITY_TYPE_(CREATE_API_KEYS|CREATE_USERS)(_V\d+)?$/
const exportTypes = /^ACTIVITY_TYPE_EXPORT_/

/** Every value of a `targetPublicKey` field, at any depth (walked without recursion). */
function targetPublicKeys(root: unknown): unknown[] {
  const found: unknown[] = []
  const pending: unknown[] = [root]
  while (pending.length) {
    const value = pending.pop()
    if (!value || typeof value !== 'object') continue
    for (const [key, child] of Object.entries(value)) {
      if (key === 'targetPublicKey') found.push(child)
      pending.push(child)
    }
  }
  return found
}

/**
 * Throws, with the text the page gets as the frame's `ERROR`, when the auth frame must not stamp
 * `body`: a body that is not JSON as `JSON.stringify` writes it (so it has one reading); an export (`ACTIVITY_TYPE_EXPORT_*`) whose `targetPublicKey` is
 * not the key of a live Sigil export frame, so the secret can only be opened and shown inside that
 * frame; any other body carrying a `targetPublicKey` that is neither that nor this frame's own key
 * (sessions sealed to a key the page holds); and `CREATE_API_KEYS` / `CREATE_USERS`, which would
 * give the page a key of its own to stamp exports with. Other bodies (sign, whoami, …) pass.
 *
 * @example
 * await assertStampableBody(body, { isOwnKey, isExportFrameKey })
 * const stamp = await stampWithSessionKey(sessionKey, body)
 */
export async function assertStampableBody(body: string, keys: StampableBodyKeys): Promise<void> {
  let parsed: unknown
  try {
    parsed = JSON.parse(body)
  } catch {
    throw new Error('The key frame stamps JSON request bodies only.')
  }
  // One reading only: a body with a duplicate key (or an escape, or spacing) could be read one way
  // here and another way by a parser that keeps the first duplicate.
  if (JSON.stringify(parsed) !== body)
    throw new Error(
      'The key frame stamps JSON bodies only as JSON.stringify writes them (no duplicate keys).',
    )
  const type = (parsed as { type?: unknown } | null)?.type
  const name = typeof type === 'string' ? type : 'this request'
  if (typeof type === 'string' && refusedTypes.test(type))
    throw new Error(
      `The key frame refuses to stamp ${type}: a key held by the page could act for the user outside the frame.`,
    )
  const targets = targetPublicKeys(parsed)
  const isExport = typeof type === 'string' && exportTypes.test(type)
  if (isExport && targets.length === 0)
    throw new Error(
      `The key frame refuses to stamp ${name}: it has no targetPublicKey of Sigil's export frame.`,
    )
  for (const target of targets) {
    if (typeof target !== 'string')
      throw new Error(`The key frame refuses to stamp ${name}: its targetPublicKey is not a key.`)
    if (isExport) {
      if (!(await keys.isExportFrameKey(target)))
        throw new Error(
          `The key frame refuses to stamp ${name}: its targetPublicKey is not the key of Sigil's export frame.`,
        )
      continue
    }
    if (!(await keys.isOwnKey(target)) && !(await keys.isExportFrameKey(target)))
      throw new Error(
        `The key frame refuses to stamp ${name}: its targetPublicKey is neither this frame's key nor the key of Sigil's export frame.`,
      )
  }
}
