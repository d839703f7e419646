import type { Page, Response } from '@playwright/test'
import type { RetryInfo } from '../src-main/service/retry'
import { HEAVY_OWNER_ADDRESS } from '../tools/simulator'
import { startTestApp, test as base, expect, type TestApp } from './fixtures'
import { dumpIndexedDb, lostOrChanged, settledDump, waitUntilFiled } from './pageState'

/**
 * The fault matrix: each view, in one page session, meets every fault the simulator can
 * inject, one after another. For each: the fault is set, the view asks the service, the
 * page must say what failed (or, for a burst the client rides out, show the data anyway),
 * then the fault is cleared and the view must recover — by itself where the fault was
 * transient, through its own "try again" where the service had answered nonsense.
 * Throughout: no uncaught error or unhandled rejection in the page (the `pageerror`
 * check) or in the main core (Playwright fails the test on any in this worker), no
 * bridge answer of kind Internal, and the cache ends holding everything it held before.
 *
 * Each worker runs its own app with short deadlines (7 s, above the 5 s latency fault),
 * so a request that is never answered fails within seconds, and a frozen simulated clock,
 * so cached records can be compared before and after.
 */

const DEADLINE_MS = 7_000

interface FaultApp extends TestApp {
  /** Every retry the service client scheduled, newest last. */
  retries: RetryInfo[]
}

const test = base.extend<{ faultPage: Page }, { faultApp: FaultApp }>({
  faultApp: [
    async ({}, use) => {
      const retries: RetryInfo[] = []
      const { stop, ...app } = await startTestApp({
        clientOptions: { timeoutMs: DEADLINE_MS, longPollTimeoutMs: DEADLINE_MS, onRetry: (info) => retries.push(info) },
      })
      await app.admin('clock', { frozen: true })
      await use({ ...app, retries })
      await stop()
    },
    { scope: 'worker' },
  ],
  faultPage: async ({ page, faultApp }, use) => {
    const errors: string[] = []
    page.on('pageerror', (e) => errors.push(e.message))
    const internal: string[] = []
    page.on('response', (res: Response) => {
      if (!new URL(res.url()).pathname.startsWith('/bridge/') || res.request().method() !== 'POST') return
      void res.json().then(
        (r: { ok: boolean; error?: { kind: string; message: string } }) => r.ok || r.error?.kind !== 'Internal' || internal.push(r.error.message),
        () => undefined,
      )
    })
    await page.goto(faultApp.host.newLaunchUrl())
    // The router has settled on its default view: later hash changes are not overridden.
    await expect(page).toHaveURL(/#\/search$/)
    await use(page)
    await faultApp.admin('faults', { spec: '' })
    expect(errors, 'uncaught errors and unhandled rejections in the page').toEqual([])
    expect(internal, 'bridge answers of kind Internal (an unexpected exception in the main core)').toEqual([])
  },
})

test.describe.configure({ mode: 'parallel' })
// A control that never appears fails its step quickly instead of running out the test's time.
test.use({ actionTimeout: 15_000 })

// ---- the faults ----------------------------------------------------------------------

interface Fault {
  name: string
  /** Simulator fault spec, scoped to the view's operations; absent: the service is stopped instead. */
  spec?: string
  /** What the page must say: the error title the app gives this failure… */
  title?: string
  /** …or, where a view shows the message itself, the words that give its cause. */
  cause?: RegExp
  /** A fault that passes by itself, so the view must come back without being asked. */
  transient: boolean
}

const FAULTS: Fault[] = [
  { name: 'latency 5 s', spec: 'latency=5000', transient: true },
  { name: '500 burst', spec: 'error500=1', title: 'Service unavailable', cause: /HTTP 500/, transient: true },
  { name: '429 with Retry-After', spec: 'rate429=1:retry=1', title: 'Rate limited', cause: /limiting how often/, transient: true },
  { name: 'connection reset', spec: 'reset=1', title: 'Cannot reach the service', cause: /connection dropped/, transient: true },
  { name: 'truncated JSON', spec: 'truncate=1', title: 'Unexpected answer from the service', cause: /not valid JSON/, transient: false },
  { name: 'wrong field types', spec: 'wrongTypes=1', title: 'Unexpected answer from the service', cause: /cannot use/, transient: false },
  { name: 'a request never answered', spec: 'neverAnswer=1', title: 'The service took too long', cause: /did not answer/, transient: true },
  { name: 'service stopped and restarted', title: 'Cannot reach the service', cause: /connection refused/, transient: true },
]

// ---- the views -----------------------------------------------------------------------

interface View {
  name: string
  /** The service operations the view's data comes from; faults are scoped to them. */
  ops: string[]
  /** The bridge method whose answer the view waits for; none where the main core polls by itself. */
  method?: string
  /** Sets the view up, before it is asked twice so that both things `ask` alternates between are cached. */
  prepare?(page: Page, app: FaultApp): Promise<void>
  /** Gets the view ready to ask, before the fault is set (the n-th time). */
  beforeAsking?(page: Page, app: FaultApp, n: number): Promise<void>
  /** Makes the view ask the service (the n-th time). */
  ask(page: Page, app: FaultApp, n: number): Promise<void>
  /** The view shows fresh data from the service. */
  showsData(page: Page, app: FaultApp): Promise<void>
  /**
   * How the view comes back after a transient outage: by itself ('auto'), or from its
   * own retry button ('retry'), where asking again is the person's decision.
   */
  outageRecovery: 'auto' | 'retry'
  /** The same once the service answers sensibly again after answering nonsense; by default 'retry'. */
  badAnswerRecovery?: 'auto' | 'retry'
  /** The buttons that ask again, each pressed where shown; by default the error notices' "Try again". */
  retryButtons?: string[]
  /** The service client retries these operations itself, so a short 429 burst never reaches the page. */
  clientRetries: boolean
}

/** Failure notices a view shows: error notices, "offline, cached" notes, watches retrying. */
const failureNotices = (page: Page) => page.locator('[data-error-kind], .cached-notice, .watch-phase.tone-warn')

/** Same-document navigation: the renderer keeps its state, as when a person clicks around. */
async function go(page: Page, app: TestApp, hash: string): Promise<void> {
  await page.goto(`${app.host.origin}/#${hash}`)
}

const owners = (app: TestApp) => {
  const counts = [...app.appCore.simulator.dataset.ownerCounts()].filter(([, n]) => n >= 2 && n <= 8).map(([o]) => o)
  return [counts[0], counts[1]]
}

const VIEWS: View[] = [
  {
    name: 'Chains',
    ops: ['GetChains'],
    method: 'getChains',
    // Leaving and coming back mounts the view again, which asks the service.
    ask: async (page, app) => {
      await go(page, app, '/settings')
      await go(page, app, '/chains')
    },
    showsData: async (page) => {
      await expect(page.getByRole('table', { name: 'Chains' }).locator('tbody tr')).toHaveCount(21)
    },
    outageRecovery: 'auto',
    clientRetries: true,
  },
  {
    name: 'Search',
    ops: ['SearchIntents'],
    method: 'searchIntents',
    ask: (page, app, n) => go(page, app, `/search?byOwnerAddress=${owners(app)[n % 2]}`),
    showsData: async (page) => {
      await expect(page.getByTestId('search-summary')).toHaveText(/^\d+ intents? for owner/)
    },
    outageRecovery: 'auto',
    clientRetries: true,
  },
  {
    name: 'History',
    ops: ['GetIntentHistory'],
    method: 'getIntentHistory',
    ask: (page, app, n) => go(page, app, `/history?owner=${owners(app)[n % 2]}`),
    showsData: async (page) => {
      await expect(page.getByTestId('history-row').first()).toBeVisible()
    },
    outageRecovery: 'auto',
    clientRetries: true,
  },
  {
    name: 'Intent',
    ops: ['GetIntent', 'GetIntentReceipt'],
    method: 'getIntent',
    ask: (page, app, n) => go(page, app, `/intent/${app.appCore.simulator.dataset.records[1 + (n % 2)].intentId}`),
    showsData: async (page) => {
      await expect(page.locator('.intent-status-line [data-status]')).toHaveText(/FAILED|REFUNDED/)
      await expect(page.getByText('Receipt from the service')).toBeVisible()
    },
    outageRecovery: 'auto',
    // The intent and its receipt are asked for separately, and each says so when it fails.
    retryButtons: ['Try again', 'Refresh receipt'],
    clientRetries: true,
  },
  {
    name: 'Yield positions',
    ops: ['YieldGetAggregateBalances'],
    method: 'yieldGetAggregateBalances',
    ask: (page, app, n) => go(page, app, `/yield/positions?w=${encodeURIComponent(`${HEAVY_OWNER_ADDRESS},${n % 2 ? 'base' : 'ethereum'}`)}`),
    showsData: async (page) => {
      await expect(page.getByTestId('position-market').first()).toBeVisible()
    },
    outageRecovery: 'auto',
    clientRetries: true,
  },
  {
    name: 'Watch',
    ops: ['WaitIntentReceipt'],
    // An intent that stays in flight: the watcher long-polls it for the whole test.
    prepare: async (page, app) => {
      const { intentId } = await app.admin<{ intentId: string }>('createIntent', { status: 'EXECUTING' })
      await go(page, app, '/watch')
      await page.getByLabel('Add by intent id').fill(intentId)
      await page.getByRole('button', { name: 'Watch', exact: true }).click()
    },
    // The watcher keeps asking on its own; nothing to do.
    ask: async () => {},
    showsData: async (page) => {
      const row = page.getByRole('table', { name: 'Watched intents' }).locator('tbody tr')
      await expect(row.locator('.watch-phase')).toHaveAttribute('data-phase', 'polling')
      await expect(row).toContainText('EXECUTING')
    },
    // The watcher keeps trying whatever went wrong, short of the service refusing the watch.
    outageRecovery: 'auto',
    badAnswerRecovery: 'auto',
    // The receipt watcher owns its retries (WaitIntentReceipt is not retried by the client).
    clientRetries: false,
  },
  {
    name: 'Commit',
    ops: ['CommitIntent'],
    method: 'commitIntent',
    prepare: (page, app) => go(page, app, '/commit'),
    // A fresh quote each time, before the fault; then the commit meets it.
    beforeAsking: async (page) => {
      await page.getByRole('button', { name: 'Get a quote…' }).click()
      await page.getByLabel('Owner wallet').fill(HEAVY_OWNER_ADDRESS)
      await page.getByRole('button', { name: 'Get quote' }).click()
      await page.getByRole('button', { name: 'Use this intent' }).click()
    },
    ask: (page) => page.getByRole('button', { name: 'Commit intent' }).click(),
    showsData: async (page) => {
      await expect(page.getByRole('status', { name: 'Committed' })).toBeVisible()
    },
    // Committing changes the service's state: asking again is always the person's decision.
    outageRecovery: 'retry',
    clientRetries: false,
  },
]

// ---- stepping through the matrix ------------------------------------------------------

/** Text a person can see or hover: notices, alerts, statuses, watch phases, and their tooltips. */
const shownText = (page: Page) =>
  page
    .locator('.notice, [role=alert], [role=status], .watch-phase')
    .evaluateAll((els) => els.map((e) => `${e.textContent ?? ''} ${[e, ...e.querySelectorAll('[title]')].map((x) => x.getAttribute('title') ?? '').join(' ')}`).join('\n'))

/** The page names the failure: the app's title for it and the operation, or the operation and its cause. */
async function expectFailureNamed(page: Page, view: View, fault: Fault) {
  const ops = view.ops.join('|')
  // Stopped, every operation fails; whichever the view met first may be the one named.
  const named = fault.spec ? ops : '\\w+'
  const cause = fault.cause!.source
  const pattern = new RegExp(`${fault.title} · (${named})|(${named})[^\\n]{0,120}${cause}|${cause}[^\\n]{0,120}(${named})`)
  // Two deadlines: a long-poll already held when the fault is set must end before the faulty one starts.
  await expect.poll(() => shownText(page), { timeout: 2 * DEADLINE_MS + 20_000, message: `${view.name} names the ${fault.name}` }).toMatch(pattern)
}

async function recover(page: Page, app: FaultApp, view: View, fault: Fault) {
  const recovery = fault.transient ? view.outageRecovery : (view.badAnswerRecovery ?? 'retry')
  if (recovery === 'retry') {
    const names = view.retryButtons ?? ['Try again', 'Try the service again']
    const any = page.getByRole('button', { name: new RegExp(`^(${names.join('|')})$`) })
    await expect(any.first()).toBeVisible()
    for (const name of names) {
      const button = page.getByRole('button', { name, exact: true }).first()
      // One retry can recover the whole view, taking a second notice's button away between
      // seeing it and pressing it: a button no longer there is not a failure (the checks below are).
      if (await button.isVisible()) await button.click({ timeout: 5_000 }).catch(async (e: unknown) => { if (await button.isVisible()) throw e })
    }
  }
  // A call the fault was still holding must first run out its deadline, and a watch then
  // waits out its backoff (up to 8 s after a few failures) before it asks again: longer
  // than one expect's wait.
  await expect(() => view.showsData(page, app)).toPass({ timeout: DEADLINE_MS + 25_000 })
  await expect(failureNotices(page), `${view.name} still shows a failure after the ${fault.name}`).toHaveCount(0, { timeout: DEADLINE_MS + 25_000 })
}

/** Sets the fault (or stops the service); the returned function undoes it, once. */
async function inject(app: FaultApp, view: View, fault: Fault): Promise<() => Promise<unknown>> {
  if (fault.spec) await app.admin('faults', { spec: `${fault.spec}@${view.ops.join(',')}` })
  else await app.appCore.simulator.stopListening()
  let undone: Promise<unknown> | undefined
  return () => (undone ??= fault.spec ? app.admin('faults', { spec: '' }) : app.appCore.simulator.startListening())
}

async function step(page: Page, app: FaultApp, view: View, fault: Fault, n: number, clear: () => Promise<unknown>) {
  if (fault.spec?.startsWith('latency')) {
    // Slow, not broken: the answer arrives after the delay and nothing reads as a failure.
    const started = Date.now()
    const answered = view.method ? page.waitForResponse((r) => r.url().endsWith(`/bridge/${view.method}`), { timeout: 20_000 }) : undefined
    await view.ask(page, app, n)
    if (answered) {
      await answered
      expect(Date.now() - started, 'the answer waited out the latency').toBeGreaterThanOrEqual(4_500)
    }
    await view.showsData(page, app)
    await expect(failureNotices(page)).toHaveCount(0)
    return
  }
  if (fault.spec?.startsWith('rate429') && view.clientRetries) {
    // A burst the client rides out: it waits the Retry-After it was given, then the data
    // arrives, with nothing shown as failed.
    const before = app.retries.length
    await view.ask(page, app, n)
    await expect.poll(() => app.retries.slice(before).find((r) => r.error.kind === 'RateLimited')?.delayMs).toBe(1_000)
    await clear()
    await view.showsData(page, app)
    await expect(failureNotices(page)).toHaveCount(0)
    return
  }
  await view.ask(page, app, n)
  await expectFailureNamed(page, view, fault)
  await clear()
  await recover(page, app, view, fault)
}

for (const view of VIEWS) {
  test(`${view.name} survives every fault, says what failed, recovers and keeps its cache`, async ({ faultPage: page, faultApp: app }) => {
    test.setTimeout(240_000)
    await view.prepare?.(page, app)
    for (const n of [0, 1]) {
      await view.beforeAsking?.(page, app, n)
      await view.ask(page, app, n)
      await view.showsData(page, app)
    }
    await waitUntilFiled(page)
    const cached = await settledDump(page)

    // Every fault is tried even when an earlier one is handled badly, so one run lists all
    // of a view's failures; the page starts afresh after a failed step.
    const failed: string[] = []
    for (const [n, fault] of FAULTS.entries())
      await test.step(fault.name, async () => {
        await view.beforeAsking?.(page, app, n)
        const clear = await inject(app, view, fault)
        try {
          await step(page, app, view, fault, n, clear)
        } catch (e) {
          // Named with the first line of what went wrong, so the failure report says which check failed,
          // and what the page showed then (it is reloaded below), so a rare failure can be understood.
          const shown = (await shownText(page).catch(() => '')).replace(/\s+/g, ' ').trim().slice(0, 400)
          const description = `${fault.name}: ${(e as Error).message.split('\n')[0]} (the page showed: ${shown || 'nothing'}; at ${page.url()})`
          failed.push(description)
          test.info().annotations.push({ type: 'fault not handled', description })
          await clear()
          await page.reload()
        } finally {
          await clear()
        }
      })

    expect(failed, 'faults not handled').toEqual([])
    expect(lostOrChanged(cached, await dumpIndexedDb(page)), 'cached records lost or corrupted').toEqual([])
  })
}
