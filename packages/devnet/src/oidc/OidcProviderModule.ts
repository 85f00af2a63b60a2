import type { IncomingMessage, ServerResponse } from 'node:http'

// `oidc-provider` ships no types: these are the few parts of it `startOidcProvider` uses.

export type OidcAccount = {
  accountId: string
  claims(use: string, scope: string): Promise<Record<string, unknown>> | Record<string, unknown>
}

export type OidcGrant = {
  addOIDCScope(scope: string): void
  save(): Promise<string>
}

export type OidcContext = {
  oidc: {
    client?: { clientId: string }
    session?: { accountId?: string; grantIdFor(clientId: string): string | undefined }
    result?: { consent?: { grantId?: string } }
    params?: { scope?: string }
    provider: OidcProviderInstance
  }
}

export type OidcInteraction = {
  uid: string
  prompt: { name: string }
  params: Record<string, unknown>
}

export type OidcProviderInstance = {
  callback(): (request: IncomingMessage, response: ServerResponse) => void
  interactionDetails(request: IncomingMessage, response: ServerResponse): Promise<OidcInteraction>
  interactionFinished(
    request: IncomingMessage,
    response: ServerResponse,
    result: Record<string, unknown>,
    options?: { mergeWithLastSubmission?: boolean },
  ): Promise<void>
  Grant: {
    new (properties: { clientId: string; accountId: string }): OidcGrant
    find(id: string): Promise<OidcGrant | undefined>
  }
}

export type OidcPrompt = { checks: unknown[] & { clear(): void } }

export type OidcProviderModule = {
  Provider: new (issuer: string, configuration: Record<string, unknown>) => OidcProviderInstance
  interactionPolicy: {
    Prompt: new (options: { name: string; requestable?: boolean }, ...checks: unknown[]) => OidcPrompt
    base(): unknown[] & { add(prompt: OidcPrompt, index?: number): void }
  }
}

/** The package, typed by `OidcProviderModule` (a plain `import` would need a declaration of the whole module). */
export async function loadOidcProvider(): Promise<OidcProviderModule> {
  const name: string = 'oidc-provider'
  // oidc-provider 9 warns at import that Node 20 is not a runtime it supports; Sigil runs on Node ≥ 20.19
  // (package.json `engines`), where the OAuth tests pass: that one line is left out of the dev stack's output.
  // biome-ignore lint/suspicious/noConsole: the package's own warning channel, filtered during its import
  const warn = console.warn
  console.warn = (...args: unknown[]) => {
    if (!String(args[0]).includes('Unsupported runtime')) warn(...args)
  }
  try {
    return (await import(name)) as OidcProviderModule
  } finally {
    console.warn = warn
  }
}
