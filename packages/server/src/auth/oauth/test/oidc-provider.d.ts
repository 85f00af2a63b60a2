// The few parts of `oidc-provider` (no bundled types) the OAuth tests use.
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http'

  export type Account = {
    accountId: string
    claims(use: string, scope: string): Promise<Record<string, unknown>> | Record<string, unknown>
  }

  export type Configuration = {
    clients?: Record<string, unknown>[]
    jwks?: { keys: Record<string, unknown>[] }
    findAccount?: (ctx: unknown, sub: string) => Promise<Account | undefined> | Account | undefined
    claims?: Record<string, string[]>
    conformIdTokenClaims?: boolean
    pkce?: { required?: (ctx: unknown, client: unknown) => boolean }
    interactions?: { policy?: unknown }
    features?: Record<string, { enabled: boolean }>
    cookies?: { keys?: string[] }
    ttl?: Record<string, number>
  }

  export class Provider {
    constructor(issuer: string, configuration?: Configuration)
    callback(): (request: IncomingMessage, response: ServerResponse) => void
    on(event: string, listener: (...args: unknown[]) => void): this
  }

  export namespace interactionPolicy {
    class Prompt {
      constructor(options: { name: string; requestable?: boolean }, ...checks: unknown[])
      checks: unknown[] & { clear(): void }
    }
    type Policy = unknown[] & { add(prompt: Prompt, index?: number): void }
    function base(): Policy
  }
}
