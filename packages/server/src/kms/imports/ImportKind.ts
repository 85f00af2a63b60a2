/** What an import key was made for: `init_import_wallet` or `init_import_private_key`. */
export type ImportKind = 'wallet' | 'private_key'

/** The vault's `aad` of an import key: bound to its row, organization and user. */
export function importKeyAad({
  id,
  organizationId,
  userId,
}: {
  id: string
  organizationId: string
  userId: string
}): string {
  return `import_key:${id}:${organizationId}:${userId}`
}
