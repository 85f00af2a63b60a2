import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { NextConfig } from 'next'

const repositoryRoot = join(import.meta.dirname, '../..')

/** The workspace packages the example reaches, directly or through each other. */
const sigilPackages = ['protocol', 'signer', 'accounts', 'core', 'react']

/**
 * Each Sigil package's entry points mapped to their TypeScript source (what the `source` export
 * condition names), as the demo's Vite config does: the example needs no `tsc` build of the packages.
 */
function toSourceAliases(): Record<string, string> {
  const aliases: Record<string, string> = {}
  for (const folder of sigilPackages) {
    const manifest = JSON.parse(
      readFileSync(join(repositoryRoot, 'packages', folder, 'package.json'), 'utf8'),
    )
    for (const [subpath, targets] of Object.entries<{ source?: string }>(manifest.exports))
      if (targets.source)
        aliases[`${manifest.name}${subpath.slice(1)}$`] = join(
          repositoryRoot,
          'packages',
          folder,
          targets.source,
        )
  }
  return aliases
}

/**
 * The example's Next.js config, for webpack (`next build --webpack`): the packages' sources import each
 * other with `.js` names for their `.ts` files (NodeNext), which Turbopack does not resolve, and webpack
 * does with `extensionAlias`. `SIGIL_NEXT_DIST_DIR` moves the build (the test builds into a folder of its
 * run); the settings are read at request time (`readExampleSettings`), never built in. `tsconfig.json`
 * extends the repository's, which keeps `next build` from rewriting it.
 */
const nextConfig: NextConfig = {
  distDir: process.env.SIGIL_NEXT_DIST_DIR || '.next',
  reactStrictMode: true,
  poweredByHeader: false,
  experimental: { externalDir: true, agentUpgrade: false },
  // `next dev` would otherwise write an AGENTS.md into the example.
  agentRules: false,
  // The repository's `npm run typecheck` checks the example (`tsc -p apps/next-example`).
  typescript: { ignoreBuildErrors: true },
  webpack(config: {
    resolve: { alias: Record<string, unknown>; extensionAlias?: Record<string, string[]> }
  }) {
    // The example offers no WalletConnect: the optional peer `@sigil/core` loads on first use stays out.
    config.resolve.alias = {
      ...config.resolve.alias,
      ...toSourceAliases(),
      '@walletconnect/ethereum-provider': false,
    }
    config.resolve.extensionAlias = { '.js': ['.ts', '.tsx', '.js'] }
    return config
  },
}

export default nextConfig
