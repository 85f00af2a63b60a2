import react from '@vitejs/plugin-react'
import { defaultClientConditions, defineConfig } from 'vite'

/**
 * The wagmi page of `../walletList.test.ts`, built once per test run. Sigil's packages are built from their
 * TypeScript source (the `source` export condition, as the demo does).
 */
export default defineConfig({
  plugins: [react()],
  resolve: { conditions: ['source', ...defaultClientConditions] },
  build: { target: 'es2022', sourcemap: false },
})
