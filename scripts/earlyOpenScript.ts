import { buildSync } from 'esbuild'
import { resolve } from 'node:path'

/**
 * The script index.html loads before the entry (`src-renderer/app/openCacheScript.ts` and
 * what it imports, bundled on its own into a classic script): it starts opening the cache's
 * database as the page's HTML arrives. The renderer's build emits it as `open-cache.js`.
 * `root` is the repository's root.
 */
export function earlyOpenScript(root: string): string {
  const { outputFiles } = buildSync({
    entryPoints: [resolve(root, 'src-renderer/app/openCacheScript.ts')],
    bundle: true,
    write: false,
    format: 'iife',
    minify: true,
    target: 'es2022',
  })
  return outputFiles[0].text
}
