import type { Page } from '@playwright/test'
import type { Result } from '../src-shared/contract/errors'
import { test, expect } from './fixtures'

/**
 * Obsolete work is given up end to end: a search still waiting on a slow service answer,
 * replaced by a new search, is cancelled in the page, across the bridge, in main and at
 * the service client (which abandons its request before the answer comes), and the
 * answer it would have brought is never written to the page's cache.
 */

const SLOW_MS = 6000

/** Intent ids kept in the page's IndexedDB cache, read with plain IndexedDB. */
function cachedIntentIds(page: Page): Promise<string[]> {
  return page.evaluate(
    () =>
      new Promise<string[]>((resolve, reject) => {
        const open = indexedDB.open('intent-explorer')
        open.onerror = () => reject(open.error)
        open.onsuccess = () => {
          const db = open.result
          const keys = db.transaction('intents').objectStore('intents').getAllKeys()
          keys.onsuccess = () => {
            db.close()
            resolve((keys.result as Array<[string, string]>).map((k) => k[1].toLowerCase()))
          }
          keys.onerror = () => reject(keys.error)
        }
      }),
  )
}

test('a new search gives up the slow one: main’s service client abandons its request and its answer is never cached', async ({ open, app }) => {
  test.setTimeout(60_000)
  const records = app.appCore.simulator.dataset.records
  const stale = records.filter((r) => r.projectId === 1001).map((r) => r.intentId.toLowerCase())
  expect(stale.length).toBeGreaterThan(0)
  const target = records.find((r) => r.projectId !== 1001)!

  // Every SearchIntents call as main's bridge answers it: when it started and how it ended.
  const seen: Array<{ args: unknown; started: number; ended?: number; result?: Result<unknown> }> = []
  const handlers = app.appCore.handlers
  const original = handlers.searchIntents
  handlers.searchIntents = async (args, opts) => {
    const entry: (typeof seen)[number] = { args, started: Date.now() }
    seen.push(entry)
    const result = await original(args, opts)
    Object.assign(entry, { ended: Date.now(), result })
    return result
  }
  try {
    await app.admin('faults', { spec: `latency=${SLOW_MS}@SearchIntents` })
    const page = await open('/search?q=1001')
    await expect.poll(() => seen.length).toBe(1)
    expect(seen[0].args).toEqual({ byProjectId: 1001 })

    // The service answers quickly again; a new search replaces the one still waiting.
    await app.admin('faults', { spec: '' })
    const box = page.getByLabel('Find anything')
    await box.fill(target.intentId)
    await box.press('Enter')
    // Its one exact match opens the intent once every reading has answered (the results
    // table shows it only until then, so it is not waited for: the page may be past it).
    await expect(page).toHaveURL(new RegExp(`#/intent/${target.intentId}`))

    // Main's service client gave the old request up, well before its answer was due.
    await expect.poll(() => seen[0].result).toMatchObject({ ok: false, error: { kind: 'Aborted', operation: 'SearchIntents' } })
    expect(seen[0].ended! - seen[0].started).toBeLessThan(SLOW_MS)

    // Past the time the slow answer would have come, none of it is in the cache; the new one is.
    await page.waitForTimeout(Math.max(0, seen[0].started + SLOW_MS + 1000 - Date.now()))
    const cached = new Set(await cachedIntentIds(page))
    expect(cached.has(target.intentId.toLowerCase())).toBe(true)
    expect(stale.filter((id) => cached.has(id) && id !== target.intentId.toLowerCase())).toEqual([])
    await expect(page.getByRole('alert')).toHaveCount(0)
  } finally {
    handlers.searchIntents = original
    await app.admin('faults', { spec: '' })
  }
})
