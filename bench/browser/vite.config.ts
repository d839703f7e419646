import { resolve } from 'node:path'
import { defineConfig } from 'vite'

/**
 * Builds the cache harness page (index.html + harness.ts, which imports the app's real
 * `src-renderer/db`) into out/bench/browser, minified like the app's own renderer build.
 */
export default defineConfig({
  root: __dirname,
  base: './',
  logLevel: 'warn',
  resolve: { alias: { '@contract': resolve(__dirname, '../../src-shared/contract') } },
  build: {
    outDir: resolve(__dirname, '../../out/bench/browser'),
    emptyOutDir: true,
    reportCompressedSize: false,
    // A harness for one modern Chromium: no polyfill to load.
    modulePreload: { polyfill: false },
  },
})
