import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { defineConfig } from 'electron-vite'
import react from '@vitejs/plugin-react'
import { RENDERER_CSP } from './src-main/electron/security'
import { earlyOpenScript } from './scripts/earlyOpenScript'

const alias = { '@contract': resolve(__dirname, 'src-shared/contract') }
let early: ReturnType<typeof earlyOpenScript> | undefined
/** The early open's script, bundled once per build. */
const earlyScript = () => (early ??= earlyOpenScript(__dirname))

export default defineConfig({
  main: {
    resolve: { alias },
    build: {
      outDir: 'out/main',
      rollupOptions: { input: { index: resolve(__dirname, 'src-main/electron/main.ts') } },
    },
  },
  preload: {
    resolve: { alias },
    build: {
      outDir: 'out/preload',
      // A sandboxed preload cannot require anything but electron: bundle everything, as CommonJS.
      externalizeDeps: false,
      rollupOptions: {
        input: { index: resolve(__dirname, 'src-main/preload/index.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: resolve(__dirname, 'src-renderer'),
    resolve: { alias },
    plugins: [
      react(),
      {
        name: 'renderer-csp',
        // The page's CSP comes from the one definition the host and Electron also send.
        transformIndexHtml: (html) =>
          html.replace('%RENDERER_CSP%', RENDERER_CSP.replace(/; frame-ancestors [^;]+/, '')),
      },
      {
        name: 'early-cache-open',
        apply: 'build',
        // The cache's database starts opening as the HTML arrives, before the entry is fetched
        // and compiled (a 100,000-intent cache takes 150-400 ms to open); the entry's own
        // early open then finds it open. See src-renderer/data/openCacheEarly.ts. Named by
        // its content under assets/, as the bundle's files are, so a later start reads it from
        // the browser's cache instead of waiting for the host to send it again.
        generateBundle() {
          this.emitFile({ type: 'asset', ...earlyScript() })
        },
        transformIndexHtml: () => [{ tag: 'script', attrs: { src: `./${earlyScript().fileName}`, async: true }, injectTo: 'head-prepend' }],
      },
      {
        name: 'favicon',
        // The app icon is the page's favicon too (served by the browser host beside index.html).
        generateBundle() {
          this.emitFile({ type: 'asset', fileName: 'favicon.svg', source: readFileSync(resolve(__dirname, 'resources/icon.svg')) })
        },
      },
    ],
    build: {
      outDir: resolve(__dirname, 'out/renderer'),
      emptyOutDir: true,
      // electron-vite leaves the renderer unminified; at 1.7 MB against 0.8 MB, parsing
      // it was a measurable part of start-up.
      minify: true,
      rollupOptions: { input: resolve(__dirname, 'src-renderer/index.html') },
    },
  },
})
