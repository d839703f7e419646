import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, expect, test } from 'vitest'
import { bundleSizes, htmlScripts, staticImports } from './bundle'

let dir: string | undefined
afterEach(() => dir && rmSync(dir, { recursive: true, force: true }))

function build(files: Record<string, string>): string {
  dir = mkdtempSync(join(tmpdir(), 'bundle-test-'))
  mkdirSync(join(dir, 'assets'))
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text)
  return dir
}

test('reads the module script and modulepreload links of index.html, and static imports of a chunk', () => {
  const html = '<script type="module" crossorigin src="./assets/index-a.js"></script><link rel="modulepreload" crossorigin href="./assets/react-b.js"><link rel="stylesheet" href="./assets/x.css">'
  expect(htmlScripts(html)).toEqual(['assets/index-a.js', 'assets/react-b.js'])
  expect(staticImports('import{a as b}from"./react-b.js";import"./side-c.js";const l=()=>import("./View-d.js")')).toEqual(['react-b.js', 'side-c.js'])
})

test('counts what index.html loads before the first render, and what a view adds when it opens', () => {
  const entry = 'import"./react-b.js";const v=()=>import("./HistoryView-c.js");'
  const view = 'import"./react-b.js";import"./db-d.js";'
  const root = build({
    'index.html': '<script type="module" src="./assets/index-a.js"></script>',
    'assets/index-a.js': entry,
    'assets/react-b.js': 'x'.repeat(100),
    'assets/HistoryView-c.js': view,
    'assets/db-d.js': 'y'.repeat(50),
  })
  const sizes = bundleSizes('HistoryView', root)
  expect(sizes.initial).toBe(entry.length + 100)
  expect(sizes.initialFiles).toBe(2)
  // Its own chunk and the cache module, not React again.
  expect(sizes.view).toBe(view.length + 50)
  expect(() => bundleSizes('NoSuchView', root)).toThrow(/no NoSuchView chunk/)
})
