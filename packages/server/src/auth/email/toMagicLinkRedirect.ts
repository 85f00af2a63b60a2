export type ToMagicLinkRedirectParameters = {
  /** The app's redirect URL. */
  redirectUrl: string
  /** The client's `redirectParams` (a `URLSearchParams` string), appended first. */
  redirectParams?: string | null | undefined
  /** Parameters set by the server (`bundle`, `orgId`, `aa-is-signup`, `alchemy-error`); they win over the client's. */
  values: Record<string, string | undefined>
}

/**
 * Where a magic link lands: the app's redirect URL with the client's `redirectParams` appended and
 * the server's values set.
 *
 * @example
 * toMagicLinkRedirect({ redirectUrl: 'https://app.example/auth', redirectParams: 'step=2', values: { bundle, orgId } })
 * // 'https://app.example/auth?step=2&bundle=…&orgId=…'
 */
export function toMagicLinkRedirect({
  redirectUrl,
  redirectParams,
  values,
}: ToMagicLinkRedirectParameters): string {
  const url = new URL(redirectUrl)
  for (const [name, value] of new URLSearchParams(redirectParams ?? '')) url.searchParams.append(name, value)
  for (const [name, value] of Object.entries(values))
    if (value !== undefined) url.searchParams.set(name, value)
  return url.toString()
}
