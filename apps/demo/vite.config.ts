import react from '@vitejs/plugin-react'
import { defaultClientConditions, defineConfig } from 'vite'

/**
 * The demo builds Sigil's packages from their TypeScript source (`source` export condition, added to
 * Vite's browser conditions, which `conditions` replaces), so `npm start` needs no `tsc` build of them. The Sigil server's URL and the dev app's key are not
 * built in: the page reads them from `config.json` at run time (see scripts/serveDemo.ts).
 */
export default defineConfig({
  plugins: [react()],
  resolve: { conditions: ['source', ...defaultClientConditions] },
  server: { port: 5173, strictPort: true },
  preview: { port: 5173, strictPort: true },
  build: { target: 'es2022', outDir: 'dist', emptyOutDir: true, sourcemap: false },
})
