import { describe, expect, it } from 'vitest'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { LAYERS } from '../eslint.config.mjs'
import { layerOf } from './layers.mjs'

/**
 * CONTRIBUTING.md draws the layers and lists their edges in a table; lint enforces
 * `LAYERS`. These tests keep the two the same, so neither can drift from the other.
 */

const root = join(import.meta.dirname, '..')
const contributing = readFileSync(join(root, 'CONTRIBUTING.md'), 'utf8')

/** A folder or file as the table writes it, as the `files` prefix lint uses. */
export function prefixOf(written) {
  const path = /^(src-|tools\/)/.test(written) ? written : `src-renderer/${written}`
  return path.replace('<name>/', '*').replace(/\.tsx?$/, '')
}

/** A "may import" cell as layer names: "nothing of ours" is none, a parenthesis is a note. */
export const namesIn = (cell) =>
  cell === 'nothing of ours' || cell === ''
    ? []
    : cell
        .replace(/\([^)]*\)/g, '')
        .split(',')
        .map((n) => n.trim())

/** The rows of the layer table: `{ files, name, allow, tests }`. */
export function layerTable(markdown) {
  const lines = markdown.split('\n')
  const head = lines.findIndex((l) => /^\| folders \| layer \| may import \|/.test(l))
  if (head < 0) throw new Error('CONTRIBUTING.md has no layer table (| folders | layer | may import | …)')
  const rows = []
  for (const line of lines.slice(head + 2)) {
    if (!line.startsWith('|')) break
    const [folders, name, allow, tests] = line.split('|').slice(1, -1).map((c) => c.trim())
    rows.push({ files: [...folders.matchAll(/`([^`]+)`/g)].map((m) => prefixOf(m[1])), name, allow: namesIn(allow), tests: namesIn(tests ?? '') })
  }
  return rows
}

const sorted = (list) => [...list].sort()

describe('the layer table in CONTRIBUTING.md', () => {
  const rows = layerTable(contributing)

  it('has one row per lint layer, with the same folders and edges', () => {
    const written = rows.map((r) => ({ name: r.name, files: sorted(r.files), allow: sorted(r.allow), tests: sorted(r.tests) }))
    const enforced = LAYERS.map((l) => ({ name: l.name, files: sorted(l.files), allow: sorted(l.allow), tests: sorted(l.tests ?? []) }))
    expect(sorted(written.map((r) => r.name))).toEqual(sorted(enforced.map((l) => l.name)))
    for (const layer of enforced) expect(written.find((r) => r.name === layer.name), layer.name).toEqual(layer)
  })

  it('names only layers that exist', () => {
    const names = new Set(LAYERS.map((l) => l.name))
    for (const r of rows) for (const n of [...r.allow, ...r.tests]) expect(names.has(n), `${r.name} lists ${n}`).toBe(true)
  })

  it('is read the way it is meant', () => {
    const table = ['| folders | layer | may import | its tests may also import |', '| --- | --- | --- | --- |']
    const parsed = layerTable(
      [...table, "| `features/<name>/`, `main.tsx` | feature | feature (another's `index.ts` only), lib | testing |", '| `src-main/x/` | main/x | nothing of ours | |'].join('\n'),
    )
    expect(parsed).toEqual([
      { files: ['src-renderer/features/*', 'src-renderer/main'], name: 'feature', allow: ['feature', 'lib'], tests: ['testing'] },
      { files: ['src-main/x/'], name: 'main/x', allow: [], tests: [] },
    ])
    expect(() => layerTable('# no table')).toThrow(/no layer table/)
  })
})

describe('the picture in CONTRIBUTING.md', () => {
  const picture = contributing.split('```')[1] ?? ''

  it('names every folder lint puts in a layer', () => {
    const folders = LAYERS.flatMap((l) => l.files)
      .filter((f) => f.endsWith('/') && !f.startsWith('src-shared/'))
      .map((f) => `${f.split('/').at(-2)}/`)
    expect(folders.filter((f) => !picture.includes(f))).toEqual([])
  })
})

describe('every folder of the product tree is in a layer', () => {
  const entries = (dir) =>
    readdirSync(join(root, dir), { withFileTypes: true })
      .filter((e) => e.isDirectory() || /^[^.]+\.tsx?$/.test(e.name))
      .map((e) => `${dir}/${e.name}${e.isDirectory() ? '/' : ''}`)

  it.each(['src-main', 'src-renderer', 'src-shared'])('%s', (dir) => {
    const outside = entries(dir).filter((path) => !layerOf(LAYERS, path.endsWith('/') ? `${path}x.ts` : path))
    expect(outside, 'add each to LAYERS in eslint.config.mjs and to the table in CONTRIBUTING.md').toEqual([])
  })
})
