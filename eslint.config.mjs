// @ts-check
/**
 * Lint for the whole repository. `npm run lint` runs it with --max-warnings 0, and
 * `npm test` runs that first: every rule here is an error in effect. Each rule says why it
 * is on; the layers are drawn in CONTRIBUTING.md.
 */
import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import local from './lint/plugin.mjs'

/**
 * The layers, bottom up. A layer may import itself and the layers in `allow`; nothing
 * else in the repository. A `*` makes one layer per folder (each feature is its own), and
 * a feature listing `feature` may import another feature's public entry only
 * (`features/watch` = its index.ts), never a file inside it. A layer's tests and
 * `testing` modules may also import the layers in `tests`.
 *
 * CONTRIBUTING.md draws this as a picture and a table; `lint/contributing.test.mjs`
 * fails when the table and this list disagree.
 */
export const LAYERS = [
  // The bridge contract: types, schemas and the shared sets and patterns. Imports nothing of ours.
  { name: 'contract', files: ['src-shared/contract/'], allow: [] },

  // Renderer.
  { name: 'lib', files: ['src-renderer/lib/'], allow: ['contract'] },
  { name: 'bridge', files: ['src-renderer/bridge', 'src-renderer/bridgeHttp', 'src-renderer/bridgeDecode', 'src-renderer/bridgeIpc', 'src-renderer/hostSession'], allow: ['contract'] },
  { name: 'db', files: ['src-renderer/db/'], allow: ['contract'] },
  { name: 'stores', files: ['src-renderer/stores/'], allow: ['lib', 'contract'] },
  { name: 'data', files: ['src-renderer/data/'], allow: ['stores', 'db', 'bridge', 'lib', 'contract'], tests: ['testing'] },
  { name: 'components', files: ['src-renderer/components/'], allow: ['lib', 'contract'], tests: ['testing'] },
  // A feature reaches main only through data/ (its query and mutation hooks, bridgeCall, the event
  // subscription), never bridge.ts; data/call and dexie-react-hooks are banned below.
  {
    name: 'feature',
    files: ['src-renderer/features/*'],
    allow: ['feature', 'components', 'data', 'stores', 'db', 'lib', 'contract'],
    tests: ['testing'],
  },
  {
    name: 'app',
    files: ['src-renderer/app/', 'src-renderer/main'],
    allow: ['feature', 'components', 'data', 'stores', 'db', 'lib', 'bridge', 'contract'],
    tests: ['testing'],
  },
  // Test set-up shared by the renderer's tests: may reach anything it fakes.
  {
    name: 'testing',
    files: ['src-renderer/testing/'],
    allow: ['app', 'feature', 'components', 'data', 'stores', 'db', 'lib', 'bridge', 'contract'],
  },

  // Main process, bottom up: the service client, settings, the event hub and the logo
  // store know only the contract; the watchers build on them; the bridge runs the
  // handlers over all of it; the wiring (Electron, the browser host, the CLIs) starts it.
  { name: 'main/service', files: ['src-main/service/'], allow: ['contract'], tests: ['tools/simulator'] },
  { name: 'main/settings', files: ['src-main/settings/'], allow: ['contract'], tests: ['main/watch'] },
  { name: 'main/events', files: ['src-main/events/'], allow: ['contract'] },
  { name: 'main/logos', files: ['src-main/logos/'], allow: ['contract'], tests: ['main/events', 'main/bridge', 'main/wiring'] },
  // The receipt watcher never imports the bridge or the wiring (it is driven by them).
  { name: 'main/watch', files: ['src-main/watch/'], allow: ['main/service', 'main/settings', 'main/events', 'contract'], tests: ['tools/simulator'] },
  // Watched History filters poll like the watcher, reusing its backoff; only the wiring imports them.
  {
    name: 'main/queryWatch',
    files: ['src-main/queryWatch/'],
    allow: ['main/watch', 'main/service', 'main/settings', 'main/events', 'contract'],
    tests: ['tools/simulator'],
  },
  // Yield markets' rate history, recorded on this computer.
  { name: 'main/marketHistory', files: ['src-main/marketHistory/'], allow: ['main/service', 'main/settings', 'main/events', 'contract'], tests: ['tools/simulator'] },
  // The one module that loads the demo (a dynamic import of tools/simulator), for the
  // Simulator profile only; nothing else of the product may import the simulator.
  { name: 'main/demo', files: ['src-main/bridge/demo'], allow: ['tools/simulator', 'contract'] },
  {
    name: 'main/bridge',
    files: ['src-main/bridge/'],
    allow: ['main/demo', 'main/queryWatch', 'main/watch', 'main/marketHistory', 'main/service', 'main/settings', 'main/events', 'main/logos', 'contract'],
    tests: ['tools/simulator'],
  },
  {
    name: 'main/wiring',
    files: ['src-main/electron/', 'src-main/host/', 'src-main/cli/', 'src-main/doctor/'],
    allow: ['main/bridge', 'main/demo', 'main/queryWatch', 'main/watch', 'main/marketHistory', 'main/service', 'main/settings', 'main/events', 'main/logos', 'contract'],
    tests: ['tools/simulator'],
  },
  // The preload runs in the page's sandbox: it forwards calls and knows only the contract.
  { name: 'main/preload', files: ['src-main/preload/'], allow: ['contract'] },
  // The demo and test service, a tool beside the product (tools/simulator/README.md): it
  // shares no module with the client it serves, so a test of one against the other checks
  // two implementations. Only the demo entry (src-main/bridge/demo.ts) loads it in the product.
  { name: 'tools/simulator', files: ['tools/simulator/'], allow: ['contract'] },
]

/** The page must never reach Node or Electron (everything goes through the bridge), nor main's code. */
const RENDERER_PATTERNS = [
  { regex: '^(node:|electron$|electron/)', message: 'The renderer reaches the system only through the bridge (data/call).' },
  { regex: '(^|/)src-main(/|$)', message: 'The renderer imports only the contract (@contract/…) from the main side.' },
]
/** A zustand store is made only in src-renderer/stores/. */
const STORE_MESSAGE = 'Zustand stores live in src-renderer/stores/ (one file per concern); state of one component is React state.'
const STORES_ONLY = [
  { name: 'zustand', importNames: ['create', 'createStore'], message: STORE_MESSAGE },
  { name: 'zustand/vanilla', importNames: ['createStore'], message: STORE_MESSAGE },
  { name: 'zustand/traditional', importNames: ['createWithEqualityFn'], message: STORE_MESSAGE },
]

/** What a feature may not import: the data layer's hooks are its one way to data. */
const FEATURE_PATHS = [
  { name: 'dexie-react-hooks', message: 'A feature reads the cache through the data layer (useCacheRead in data/useCacheRead.ts), a query like any other.' },
  {
    name: '@tanstack/react-query',
    importNames: ['useQuery', 'useQueries', 'useInfiniteQuery', 'useSuspenseQuery', 'useSuspenseQueries', 'useSuspenseInfiniteQuery'],
    message: 'A feature loads through the data layer\'s hooks (useServiceQuery, usePagedQuery, useCacheRead, useQueryList in data/), never a query of its own.',
  },
]
/** What a feature's product code may not import besides: the person's own records are written through the data layer. */
const FEATURE_WRITES = [
  {
    // Reads of the cache stay open to features (through useCacheRead and the query hooks);
    // the person's own records are written only through the data layer's mutations.
    regex: '(^|/)db(/(index|notes|savedSearches|watches))?$',
    importNames: ['addNote', 'deleteNote', 'setBookmarked', 'saveSearch', 'deleteSavedSearch', 'putWatchMirror', 'removeWatchMirror', 'cacheReceipt'],
    message: 'A feature writes notes, bookmarks and saved searches through the data layer\'s mutations (data/notes.ts), which show their pending state and failure; the watches\' receipts and mirror are written by the data layer (followWatchCache in data/watches.ts).',
  },
  {
    // Changing the cache as a whole (clearing, importing, filing fetched history) and its raw
    // handle are the data layer's, which then has every view read what the cache now holds.
    regex: '(^|/)db(/(index|db|maintenance|transfer|exportImport|historyJournal))?$',
    importNames: ['clearCache', 'importCache', 'flushHistoryJournal', 'explorerDb'],
    message: 'A feature clears or imports the cache through the data layer\'s mutations (useClearCache, useImportCache in data/cacheAdmin.ts), which refresh every view that shows cached data; fetched history is filed by readHistory (data/paging.ts, `filed`), and the database itself is read through the data layer.',
  },
  {
    // The on-demand loader of the whole cache module is for the shell's start-up work and the data layer.
    regex: '(^|/)db/lazy$',
    message: 'A feature does not load the cache module itself: the data layer writes to the cache (data/watches.ts followWatchCache, …) and reads it for the feature (useCacheRead).',
  },
]
const FEATURE_PATTERNS = [
  {
    regex: '(^|/)data/call$',
    message: 'A feature reaches main through the data layer: a query hook for a read, a mutation hook (data/settings.ts, data/watches.ts, …) for an action.',
  },
]

/** The renderer leaves retrying to main. */
const NO_RENDERER_RETRY = {
  selector: `:matches(CallExpression[callee.name=/^use(Suspense)?(Infinite)?Quer(y|ies)$/], NewExpression[callee.name='QueryClient']) Property[key.name='retry']:not([value.value=false])`,
  message: 'The renderer does not retry service calls: main already retried what is worth retrying (retry: false).',
}
/**
 * A feature's product code loads no part of the cache module on demand: `import()` of db/
 * (which no-restricted-imports cannot see, and which would hand it every write function), or
 * an `import()` whose target lint cannot read. Its cache writes are the data layer's.
 */
const FEATURE_NO_LAZY_DB = [
  {
    selector: 'ImportExpression[source.type="Literal"][source.value=/(^|\\/)db(\\/|$)/]',
    message: 'A feature does not load the cache module itself: the data layer writes to the cache (data/watches.ts followWatchCache, data/notes.ts, …) and reads it for the feature (useCacheRead).',
  },
  {
    selector: 'ImportExpression:not([source.type="Literal"])',
    message: 'A feature\'s import() names its module as a plain string, so lint can see what it loads.',
  },
]

export default tseslint.config(
  { ignores: ['out/', 'dist/', 'node_modules/', 'bench/browser/dist/', 'playwright-report/', 'test-results/'] },

  js.configs.recommended,
  ...tseslint.configs.recommended,

  {
    languageOptions: { globals: { ...globals.node } },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // Unused code misleads the reader; a leading _ marks a parameter kept for its position.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true }],
      // `import type` keeps type-only imports out of the bundles and makes layer edges honest.
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      // A default case or an if/else chain must not fall silently through.
      'no-fallthrough': 'error',
      // Loose equality hides the string/number mix-ups service data invites (null checks excepted).
      eqeqeq: ['error', 'always', { null: 'ignore' }],
    },
  },

  {
    files: ['src-renderer/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      // Hooks called conditionally or with stale dependencies are the renderer's commonest bugs.
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      'no-restricted-imports': ['error', { patterns: RENDERER_PATTERNS }],
    },
  },

  {
    // Retries live in main only (the service client's policy): a query, or the query client,
    // that retried a service call would repeat what main already repeated.
    files: ['src-renderer/**/*.{ts,tsx}'],
    ignores: ['src-renderer/**/*.test.{ts,tsx}', 'src-renderer/testing/**'],
    rules: {
      'no-restricted-syntax': ['error', NO_RENDERER_RETRY],
    },
  },

  {
    // Zustand stores live in stores/, one file per concern (CONTRIBUTING.md, "Layout").
    files: ['src-renderer/**/*.{ts,tsx}'],
    ignores: ['src-renderer/stores/**'],
    rules: { 'no-restricted-imports': ['error', { paths: STORES_ONLY, patterns: RENDERER_PATTERNS }] },
  },

  {
    // One data path (CONTRIBUTING.md, "Loading data"): a feature reads and acts through the
    // data layer's hooks (queries, cache reads, mutations), never the bridge call itself or
    // Dexie's React hooks, so every view loads, falls back and refreshes the same way.
    files: ['src-renderer/features/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { paths: [...STORES_ONLY, ...FEATURE_PATHS], patterns: [...RENDERER_PATTERNS, ...FEATURE_PATTERNS] }] },
  },

  {
    // The same, and a feature's product code writes notes, bookmarks and saved searches only
    // through the data layer's mutations (its tests may arrange records in the cache directly).
    files: ['src-renderer/features/**/*.{ts,tsx}'],
    ignores: ['src-renderer/features/**/*.test.{ts,tsx}', 'src-renderer/features/**/testing/**'],
    rules: {
      'no-restricted-imports': ['error', { paths: [...STORES_ONLY, ...FEATURE_PATHS], patterns: [...RENDERER_PATTERNS, ...FEATURE_PATTERNS, ...FEATURE_WRITES] }],
      'no-restricted-syntax': ['error', NO_RENDERER_RETRY, ...FEATURE_NO_LAZY_DB],
    },
  },

  {
    files: ['src-main/**/*.ts', 'src-shared/**/*.ts'],
    rules: {
      // Main and the contract never load the page's code (React, the DOM) into Node.
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '(^|/)src-renderer(/|$)|^react(-dom)?$', message: 'Main and the contract do not import renderer code.' }] },
      ],
    },
  },

  {
    files: ['src-*/**/*.{ts,tsx}', 'tools/**/*.{ts,tsx}'],
    plugins: { local },
    rules: {
      // The layers (CONTRIBUTING.md, "Layers"): imports point down, never across features.
      'local/layers': ['error', { root: import.meta.dirname, aliases: { '@contract': 'src-shared/contract' }, layers: LAYERS }],
      // One file-name case, and test helpers named `testing` (CONTRIBUTING.md, "Conventions").
      'local/file-names': 'error',
      // A function longer than a screen does more than one job; split it (tests are exempt:
      // a describe block is a list, not a function).
      'max-lines-per-function': ['error', { max: 80, skipBlankLines: false, skipComments: false, IIFEs: true }],
    },
  },

  {
    files: ['**/*.test.{ts,tsx}', '**/testing.ts', '**/testing/**', 'e2e/**', 'bench/**', 'scripts/**'],
    rules: {
      'max-lines-per-function': 'off',
      // Tests cast freely to build bad input on purpose.
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },

  {
    files: ['e2e/**'],
    // Playwright fixtures take their dependencies as a destructured first argument, `{}` when none.
    rules: { 'no-empty-pattern': 'off' },
  },
)
