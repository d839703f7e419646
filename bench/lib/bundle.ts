import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { ROOT } from './processes'

/** Where `npm run build` puts the renderer the browser host serves. */
export const RENDERER_DIR = resolve(ROOT, 'out/renderer')

/** The JS files a chunk imports statically (`import … from "./x.js"`, `import "./x.js"`): loaded and run before it. */
export function staticImports(code: string): string[] {
  return [...code.matchAll(/(?:\bfrom|\bimport)\s*["']\.\/([^"']+\.js)["']/g)].map((m) => m[1])
}

/** The JS files index.html loads: its module script and modulepreload links, paths under its folder. */
export function htmlScripts(html: string): string[] {
  const tags = [...html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="\.?\/?([^"]+\.js)"/g)]
  return tags.map((m) => m[1])
}

/** `roots` (paths under `assetsDir`'s parent) and every chunk they import statically, each once. */
function closure(dir: string, roots: readonly string[]): Set<string> {
  const seen = new Set<string>()
  const visit = (path: string) => {
    if (seen.has(path)) return
    seen.add(path)
    const folder = path.includes('/') ? path.slice(0, path.lastIndexOf('/') + 1) : ''
    for (const dep of staticImports(readFileSync(join(dir, path), 'utf8'))) visit(folder + dep)
  }
  roots.forEach(visit)
  return seen
}

const bytes = (dir: string, files: Iterable<string>) => [...files].reduce((n, f) => n + statSync(join(dir, f)).size, 0)

export interface BundleSizes {
  /** Bytes of JS index.html loads before the app's first render: the entry and all it imports statically. */
  initial: number
  initialFiles: number
  /** Bytes of the view's own chunk and what it imports beyond the initial JS: loaded when the view first opens. */
  view: number
}

/**
 * Sizes of the built renderer as a browser loads it (minified bytes on disk, as served;
 * loopback, so transfer is not the cost, parsing and running are). `viewChunk` is the
 * name the view's chunk starts with (`HistoryView`).
 */
export function bundleSizes(viewChunk: string, dir = RENDERER_DIR): BundleSizes {
  const initial = closure(dir, htmlScripts(readFileSync(join(dir, 'index.html'), 'utf8')))
  const chunk = readdirSync(join(dir, 'assets')).find((f) => f.startsWith(`${viewChunk}-`) && f.endsWith('.js'))
  if (!chunk) throw new Error(`no ${viewChunk} chunk in ${dir}/assets: is the view still loaded by route?`)
  const view = [...closure(dir, [`assets/${chunk}`])].filter((f) => !initial.has(f))
  return { initial: bytes(dir, initial), initialFiles: initial.size, view: bytes(dir, view) }
}
