import { defaultClientConditions, defineConfig } from 'vite'

/**
 * The EIP-6963 page of `../eip6963Discovery.test.ts`, built once per test run. Sigil's packages are built from
 * their TypeScript source (the `source` export condition, as the demo does).
 */
export default defineConfig({
  resolve: { conditions: ['source', ...defaultClientConditions] },
  build: { target: 'es2022', sourcemap: false },
})
