import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vite'

/** The frame pages are served by the Sigil server under `/frame/`. */
export default defineConfig({
  base: '/frame/',
  resolve: { conditions: ['source'] },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    rollupOptions: {
      input: {
        auth: fileURLToPath(new URL('./auth.html', import.meta.url)),
        export: fileURLToPath(new URL('./export.html', import.meta.url)),
        import: fileURLToPath(new URL('./import.html', import.meta.url)),
      },
    },
  },
})
