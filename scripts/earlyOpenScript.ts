import { buildSync } from 'esbuild'
import { createHash } from 'node:crypto'
import { resolve } from 'node:path'

/**
 * The script index.html loads before the entry (`src-renderer/app/openCacheScript.ts` and
 * what it imports, bundled on its own into a classic script): it starts opening the cache's
 * database as the page's HTML arrives. The renderer's build emits it as `fileName`,
 * `assets/open-cache-<hash of the source>.js`: like the bundle's own files it is then
 * served as immutable, and a later start reads it from the browser's cache. `root` is the
 * repository's root.
 */
export function earlyOpenScript(root: string): { fileName: string; source: string } {
  const { outputFiles } = buildSync({
    entryPoints: [resolve(root, 'src-renderer/app/openCacheScript.ts')],
    bundle: true,
    write: false,
    format: 'iife',
    minify: true,
    target: 'es2022',
  })
  const source = outputFiles[0].text
  const hash = createHash('sha256').update(source).digest('base64url').slice(0, 8)
  return { fileName: `assets/open-cache-${hash}.js`, source }
}
