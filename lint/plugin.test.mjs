import { afterAll, describe, expect, it } from 'vitest'
import { RuleTester } from 'eslint'
import tseslint from 'typescript-eslint'
import { join } from 'node:path'
import { fileNamesRule } from './fileNames.mjs'
import { layersRule } from './layers.mjs'

// RuleTester reports through the test framework's hooks.
RuleTester.afterAll = afterAll
RuleTester.describe = describe
RuleTester.it = it
RuleTester.itOnly = it.only

const tester = new RuleTester({ languageOptions: { parser: tseslint.parser, ecmaVersion: 2022, sourceType: 'module' } })
const root = '/repo'
const at = (file) => join(root, file)

const options = [
  {
    root,
    aliases: { '@contract': 'src-shared/contract' },
    layers: [
      { name: 'contract', files: ['src-shared/contract/'], allow: [] },
      { name: 'lib', files: ['src-renderer/lib/'], allow: ['contract'] },
      { name: 'db', files: ['src-renderer/db/'], allow: ['contract'] },
      { name: 'stores', files: ['src-renderer/stores/'], allow: ['lib', 'contract'] },
      { name: 'components', files: ['src-renderer/components/'], allow: ['lib', 'contract'] },
      { name: 'feature', files: ['src-renderer/features/*'], allow: ['feature', 'components', 'lib', 'contract'] },
      { name: 'main/watch', files: ['src-main/watch/'], allow: ['main', 'contract'] },
      { name: 'main/bridge', files: ['src-main/bridge/'], allow: ['main', 'main/watch', 'contract'] },
      { name: 'main', files: ['src-main/'], allow: ['main/bridge', 'main/watch', 'contract'] },
    ],
    exceptions: [{ file: 'src-renderer/db/records.ts', imports: 'src-renderer/lib/format', why: 'in transition' }],
  },
]

tester.run('local/layers', layersRule, {
  valid: [
    { filename: at('src-renderer/components/Hex.tsx'), code: "import { shortHex } from '../lib/format'", options },
    { filename: at('src-renderer/components/Hex.tsx'), code: "import { CopyButton } from './CopyButton'", options },
    { filename: at('src-renderer/db/records.ts'), code: "import type { Intent } from '@contract/service'", options },
    { filename: at('src-renderer/db/records.ts'), code: "import { parseTime } from '../lib/format'", options },
    { filename: at('src-renderer/features/history/View.tsx'), code: "import { WatchButton } from '../watch'", options },
    { filename: at('src-renderer/features/history/View.tsx'), code: "export { WatchButton } from '../watch/index'", options },
    { filename: at('src-renderer/features/yield/markets/View.tsx'), code: "import { x } from '../charts/Chart'", options },
    { filename: at('src-renderer/features/history/View.tsx'), code: "import { useState } from 'react'", options },
    { filename: at('src-main/bridge/handlers.ts'), code: "import { watcher } from '../watch/watcher'", options },
    { filename: at('src-main/watch/watcher.ts'), code: "import { sleep } from '../service/retry'", options },
    { filename: at('e2e/history.spec.ts'), code: "import { x } from '../src-renderer/db/records'", options },
    { filename: at('src-renderer/components/Hex.tsx'), code: "import './Hex.css'", options },
  ],
  invalid: [
    { filename: at('src-renderer/components/Hex.tsx'), code: "import { useChains } from '../stores/chains'", options, errors: [{ messageId: 'layer' }] },
    { filename: at('src-renderer/db/writeThrough.ts'), code: "import { useCacheStatus } from '../stores/cache'", options, errors: [{ messageId: 'layer' }] },
    { filename: at('src-renderer/db/caseBundle.ts'), code: "import { formatAmount } from '../lib/format'", options, errors: [{ messageId: 'layer' }] },
    { filename: at('src-renderer/lib/call.ts'), code: "import { Route } from '../components/Route'", options, errors: [{ messageId: 'layer' }] },
    { filename: at('src-renderer/lib/call.ts'), code: "import { x } from '../../src-main/bridge/core'", options, errors: [{ messageId: 'layer' }] },
    { filename: at('src-renderer/features/history/View.tsx'), code: "import { WatchButton } from '../watch/WatchButton'", options, errors: [{ messageId: 'layer' }] },
    { filename: at('src-renderer/features/history/View.tsx'), code: "const m = import('../intent/receiptSteps')", options, errors: [{ messageId: 'layer' }] },
    { filename: at('src-main/watch/watcher.ts'), code: "import type { ServiceSession } from '../bridge/core'", options, errors: [{ messageId: 'layer' }] },
    { filename: at('src-shared/contract/app.ts'), code: "export * from '../../src-renderer/lib/format'", options, errors: [{ messageId: 'layer' }] },
  ],
})

tester.run('local/file-names', fileNamesRule, {
  valid: [
    { filename: at('src-renderer/db/writeThrough.ts'), code: 'export {}' },
    { filename: at('src-renderer/features/history/HistoryView.tsx'), code: 'export {}' },
    { filename: at('src-renderer/features/commit/CommitView.badInput.test.tsx'), code: "import { it } from 'vitest'" },
    { filename: at('src-renderer/db/testing.ts'), code: "import { vi } from 'vitest'" },
    { filename: at('src-renderer/features/watch/testing/fakeMain.ts'), code: "import { vi } from 'vitest'" },
  ],
  invalid: [
    { filename: at('src-renderer/db/write-through.ts'), code: 'export {}', errors: [{ messageId: 'case' }] },
    { filename: at('src-renderer/db/write_through.ts'), code: 'export {}', errors: [{ messageId: 'case' }] },
    { filename: at('src-renderer/features/watch/fakeMain.ts'), code: "import { vi } from 'vitest'", errors: [{ messageId: 'helper' }] },
  ],
})

/**
 * The forbidden edges CONTRIBUTING.md names, run through the repository's own
 * configuration (eslint.config.mjs), so a change there that lets one through fails here.
 */
describe('eslint.config.mjs', async () => {
  const { ESLint } = await import('eslint')
  const repo = join(import.meta.dirname, '..')
  const eslint = new ESLint({ cwd: repo })
  /** The rules that fail `code` as the file at `file` (a path from the repository root). */
  const failing = async (file, code) => {
    const [result] = await eslint.lintText(code, { filePath: join(repo, file) })
    return result.messages.map((m) => m.ruleId)
  }

  it.each([
    ['a feature importing the bridge', 'src-renderer/features/history/View.tsx', "import { bridge } from '../../bridge'\nexport const b = bridge", 'local/layers'],
    ['a feature importing the HTTP bridge', 'src-renderer/features/watch/sync.ts', "import { createHttpBridge } from '../../bridgeHttp'\nexport const b = createHttpBridge", 'local/layers'],
    ['the service importing the bridge core', 'src-main/service/client.ts', "import type { ServiceSession } from '../bridge/core'\nexport type S = ServiceSession", 'local/layers'],
    ['the service importing the bridge handlers', 'src-main/service/client.ts', "import { x } from '../bridge/handlers'\nexport const y = x", 'local/layers'],
    ['the service importing watched filters', 'src-main/service/client.ts', "import { x } from '../queryWatch/watcher'\nexport const y = x", 'local/layers'],
    ['the watcher importing the browser host', 'src-main/watch/watcher.ts', "import { startHost } from '../host/server'\nexport const s = startHost", 'local/layers'],
    ['the watcher importing the bridge', 'src-main/watch/watcher.ts', "import { x } from '../bridge/core'\nexport const y = x", 'local/layers'],
    ['settings importing the service', 'src-main/settings/profiles.ts', "import { x } from '../service/client'\nexport const y = x", 'local/layers'],
    ['the preload importing main', 'src-main/preload/index.ts', "import { x } from '../bridge/core'\nexport const y = x", 'local/layers'],
    ['a zustand store made in a feature', 'src-renderer/features/history/state.ts', "import { create } from 'zustand'\nexport const useX = create(() => ({}))", 'no-restricted-imports'],
    ['a vanilla zustand store made in a feature', 'src-renderer/features/history/state.ts', "import { createStore } from 'zustand/vanilla'\nexport const x = createStore(() => ({}))", 'no-restricted-imports'],
    ['a zustand store made in the data layer', 'src-renderer/data/state.ts', "import { create } from 'zustand'\nexport const useX = create(() => ({}))", 'no-restricted-imports'],
    ['a feature importing Node', 'src-renderer/features/history/View.tsx', "import { readFileSync } from 'node:fs'\nexport const r = readFileSync", 'no-restricted-imports'],
    ['a query that retries a service call', 'src-renderer/features/history/useList.ts', "import { useQuery } from '@tanstack/react-query'\nexport const useList = (f: () => Promise<number>) => useQuery({ queryKey: ['x'], queryFn: f, retry: 3 })", 'no-restricted-syntax'],
    ['queries that retry', 'src-renderer/features/search/useMany.ts', "import { useQueries } from '@tanstack/react-query'\nexport const useMany = (fs: Array<() => Promise<number>>) => useQueries({ queries: fs.map((f, n) => ({ queryKey: [n], queryFn: f, retry: (k: number) => k < 2 })) })", 'no-restricted-syntax'],
    ['a feature calling the bridge call itself', 'src-renderer/features/history/View.tsx', "import { call } from '../../data/call'\nexport const c = call", 'no-restricted-imports'],
    ['a nested feature file calling the bridge call itself', 'src-renderer/features/yield/history/Card.tsx', "import { call } from '../../../data/call'\nexport const c = call", 'no-restricted-imports'],
    ['a feature using Dexie\'s React hooks', 'src-renderer/features/intent/useNotes.ts', "import { useLiveQuery } from 'dexie-react-hooks'\nexport const u = useLiveQuery", 'no-restricted-imports'],
    ['a feature test using Dexie\'s React hooks', 'src-renderer/features/intent/useNotes.test.ts', "import { useLiveQuery } from 'dexie-react-hooks'\nexport const u = useLiveQuery", 'no-restricted-imports'],
    ['a feature running a query of its own', 'src-renderer/features/cache/useCounts.ts', "import { useQuery } from '@tanstack/react-query'\nexport const useCounts = (f: () => Promise<number>) => useQuery({ queryKey: ['x'], queryFn: f, retry: false })", 'no-restricted-imports'],
    ['a feature running queries of its own', 'src-renderer/features/search/useMany.ts', "import { useQueries } from '@tanstack/react-query'\nexport const useMany = (fs: Array<() => Promise<number>>) => useQueries({ queries: fs.map((f, n) => ({ queryKey: [n], queryFn: f, retry: false })) })", 'no-restricted-imports'],
    ['a feature writing a note to the cache itself', 'src-renderer/features/intent/cards/Notes.tsx', "import { addNote } from '../../../db'\nexport const a = addNote", 'no-restricted-imports'],
    ['a feature saving a search through the cache module itself', 'src-renderer/features/search/Save.tsx', "import { saveSearch } from '../../db/savedSearches'\nexport const s = saveSearch", 'no-restricted-imports'],
    ['a feature setting a bookmark itself', 'src-renderer/features/intent/useMark.ts', "import { setBookmarked } from '../../db/index'\nexport const s = setBookmarked", 'no-restricted-imports'],
    ['a feature loading the cache module on demand to write to it', 'src-renderer/features/watch/sync.ts', "export const mirror = () => import('../../db').then((db) => db.putWatchMirror)", 'no-restricted-syntax'],
    ['a feature loading a cache module file on demand', 'src-renderer/features/intent/useMark.ts', "export const mark = () => import('../../db/notes').then((db) => db.setBookmarked)", 'no-restricted-syntax'],
    ['a feature caching a watch\'s receipt itself', 'src-renderer/features/watch/sync.ts', "import { cacheReceipt } from '../../db'\nexport const c = cacheReceipt", 'no-restricted-imports'],
    ['a feature mirroring a watch itself', 'src-renderer/features/watch/sync.ts', "import { putWatchMirror } from '../../db/watches'\nexport const p = putWatchMirror", 'no-restricted-imports'],
    ['a feature clearing the cache itself', 'src-renderer/features/cache/Stores.tsx', "import { clearCache } from '../../db'\nexport const c = clearCache", 'no-restricted-imports'],
    ['a feature importing a file into the cache itself', 'src-renderer/features/cache/Import.tsx', "import { importCache } from '../../db/transfer'\nexport const i = importCache", 'no-restricted-imports'],
    ['a feature filing fetched history itself', 'src-renderer/features/routes/fetch.ts', "import { flushHistoryJournal } from '../../db/historyJournal'\nexport const f = flushHistoryJournal", 'no-restricted-imports'],
    ['a feature holding the cache database itself', 'src-renderer/features/cache/bundle.ts', "import { explorerDb } from '../../db/db'\nexport const d = explorerDb", 'no-restricted-imports'],
    ['a feature loading the cache through its on-demand loader', 'src-renderer/features/watch/sync.ts', "import { cacheModule } from '../../db/lazy'\nexport const c = cacheModule", 'no-restricted-imports'],
    ['a feature loading the on-demand loader on demand', 'src-renderer/features/watch/sync.ts', "export const c = () => import('../../db/lazy')", 'no-restricted-syntax'],
    ['a feature importing a module lint cannot name', 'src-renderer/features/watch/sync.ts', "const at = '../../db'\nexport const c = () => import(/* @vite-ignore */ at)", 'no-restricted-syntax'],
    ['a feature query that retries, beside the lazy-load ban', 'src-renderer/features/history/useList.ts', "import { useQuery } from '@tanstack/react-query'\nexport const useList = (f: () => Promise<number>) => useQuery({ queryKey: ['x'], queryFn: f, retry: 3 })", 'no-restricted-syntax'],
    ['a feature making a store after the data bans', 'src-renderer/features/history/state.ts', "import { create } from 'zustand'\nexport const useY = create(() => ({}))", 'no-restricted-imports'],
    ['a feature importing Electron after the data bans', 'src-renderer/features/settings/KeyForm.tsx', "import { ipcRenderer } from 'electron'\nexport const i = ipcRenderer", 'no-restricted-imports'],
    ['a query client that retries', 'src-renderer/data/client.ts', "import { QueryClient } from '@tanstack/react-query'\nexport const c = new QueryClient({ defaultOptions: { queries: { retry: 2 } } })", 'no-restricted-syntax'],
  ])('fails %s', async (_, file, code, rule) => {
    expect(await failing(file, code)).toContain(rule)
  })

  it.each([
    ['a query that leaves retrying to main', 'src-renderer/data/useList.ts', "import { useQuery } from '@tanstack/react-query'\nexport const useList = (f: () => Promise<number>) => useQuery({ queryKey: ['x'], queryFn: f, retry: false })"],
    ['a feature using the query client', 'src-renderer/features/search/useAgain.ts', "import { useQueryClient } from '@tanstack/react-query'\nexport const useAgain = () => useQueryClient()"],
    ['a feature reading its notes from the cache', 'src-renderer/features/intent/useNotes.ts', "import { listNotes, type Note } from '../../db'\nexport const l: (p: string, i: string) => Promise<Note[]> = listNotes"],
    ['a feature writing a note through the data layer', 'src-renderer/features/intent/cards/Notes.tsx', "import { useAddNote } from '../../../data/notes'\nexport const a = useAddNote"],
    ['a feature test arranging a note in the cache', 'src-renderer/features/cache/Bundle.test.ts', "import { addNote } from '../../db/notes'\nexport const a = addNote"],
    ['a feature clearing the cache through the data layer', 'src-renderer/features/cache/Stores.tsx', "import { useClearCache } from '../../data/cacheAdmin'\nexport const c = useClearCache"],
    ['a feature checking an export file', 'src-renderer/features/cache/Import.tsx', "import { parseCacheFile } from '../../db/transfer'\nexport const p = parseCacheFile"],
    ['the data layer clearing the cache', 'src-renderer/data/cacheAdmin.ts', "import { clearCache } from '../db'\nexport const c = clearCache"],
    ['the data layer writing a note', 'src-renderer/data/notes.ts', "import { addNote } from '../db'\nexport const a = addNote"],
    ['the data layer loading the cache module on demand', 'src-renderer/data/watches.ts', "import { cacheModule } from '../db/lazy'\nexport const c = cacheModule\nexport const d = () => import('../db')"],
    ['a feature loading its own chart on demand', 'src-renderer/features/routes/TrendChart.tsx', "export const load = () => import('./TrendPlot')"],
    ['a feature test loading the cache module on demand', 'src-renderer/features/watch/sync.test.ts', "export const load = () => import('../../db')"],
    ['a feature reading the cache through the data layer', 'src-renderer/features/history/View.tsx', "import { useCacheRead } from '../../data/useCacheRead'\nexport const c = useCacheRead"],
    ['a feature acting through a data-layer mutation', 'src-renderer/features/watch/View.tsx', "import { useAddWatch } from '../../data/watches'\nexport const w = useAddWatch"],
    ['the data layer calling the bridge', 'src-renderer/data/settings.ts', "import { call } from './call'\nexport const c = call"],
    ['a store in stores/', 'src-renderer/stores/things.ts', "import { create } from 'zustand'\nexport const useThings = create(() => ({}))"],
    ['the watcher using the service', 'src-main/watch/watcher.ts', "import { realSleep } from '../service/retry'\nexport const s = realSleep"],
    ['the bridge using watched filters', 'src-main/bridge/core.ts', "import { x } from '../queryWatch/watcher'\nexport const y = x"],
    ['a service test using the simulator', 'src-main/service/client.test.ts', "import { startSimulator } from '../../tools/simulator'\nexport const s = startSimulator"],
  ])('passes %s', async (_, file, code) => {
    expect(await failing(file, code)).toEqual([])
  })

  it.each([
    ['the simulator importing the client', 'tools/simulator/server.ts', "import { realSleep } from '../../src-main/service/retry'\nexport const s = realSleep"],
    ['the simulator importing the error catalogue', 'tools/simulator/errors.ts', "import { x } from '../../src-main/service/errorCatalogue'\nexport const y = x"],
    ['a simulator test importing settings', 'tools/simulator/server.test.ts', "import { x } from '../../src-main/settings/profiles'\nexport const y = x"],
  ])('keeps the simulator apart from the product: fails %s', async (_, file, code) => {
    expect(await failing(file, code)).toContain('local/layers')
  })

  it.each([
    ['the bridge core', 'src-main/bridge/core.ts'],
    ['the app core', 'src-main/bridge/appCore.ts'],
    ['the Electron wiring', 'src-main/electron/main.ts'],
    ['the command line', 'src-main/cli/connect.ts'],
    ['the watcher', 'src-main/watch/watcher.ts'],
  ])('keeps the simulator out of the product: fails %s importing it', async (_, file) => {
    const up = '../'.repeat(file.split('/').length - 1)
    expect(await failing(file, `import { startSimulator } from '${up}tools/simulator'\nexport const s = startSimulator`)).toContain('local/layers')
    expect(await failing(file, `export const load = () => import('${up}tools/simulator')`)).toContain('local/layers')
  })

  it('loads the demo through its one entry, bridge/demo.ts', async () => {
    expect(await failing('src-main/bridge/demo.ts', "export const load = () => import('../../tools/simulator')")).toEqual([])
    expect(await failing('src-main/bridge/appCore.ts', "import { createDemo } from './demo'\nexport const d = createDemo")).toEqual([])
    expect(await failing('src-main/bridge/demo.ts', "import { SvcClient } from '../service/client'\nexport const c = SvcClient")).toContain('local/layers')
  })

  it('lets the simulator use the contract', async () => {
    expect(await failing('tools/simulator/filters.ts', "import { isHash32 } from '../../src-shared/contract/formats'\nexport const h = isHash32")).toEqual([])
  })

  it('lets the simulator into a service test only, not the service', async () => {
    expect(await failing('src-main/service/client.ts', "import { startSimulator } from '../../tools/simulator'\nexport const s = startSimulator")).toContain('local/layers')
  })
})
