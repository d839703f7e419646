import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { EventHub } from '../events/hub'
import { WatchBook } from './book'
import { MAX_TEXT_CHARS } from './keep'

const MiB = 1024 * 1024
let dir: string | undefined

afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true })
  dir = undefined
})

/** A list as an older version wrote it: every watch with its whole receipt and a megabyte reason. */
function oldList(watches: number): string {
  const reason = 'r'.repeat(MiB)
  return JSON.stringify({
    version: 1,
    notificationsMuted: false,
    revision: 9,
    watches: Array.from({ length: watches }, (_, i) => ({
      profileId: 'p',
      intentId: `0x${i}`,
      addedAt: 1,
      phase: 'done',
      status: 'FAILED',
      outcome: 'FAILED',
      failureReason: reason,
      receipt: { intentId: `0x${i}`, status: 'FAILED', originTransaction: { chainId: 1, statusReason: reason, calldata: `0x${'00'.repeat(MiB / 4)}` }, notes: reason },
      error: { kind: 'Unavailable', message: reason, name: reason },
      muted: false,
      revision: i + 1,
    })),
  })
}

describe('the watch list on disk', () => {
  it('reads a list an older version wrote with whole receipts back within bounds, and saves summaries only', async () => {
    dir = mkdtempSync(join(tmpdir(), 'ie-watch-list-'))
    const file = join(dir, 'watches.json')
    writeFileSync(file, oldList(20))
    expect(statSync(file).size).toBeGreaterThan(20 * 3 * MiB)

    const book = new WatchBook({ events: new EventHub(), file, saveDelayMs: 0, now: Date.now, log: () => undefined })
    expect(book.revision()).toBe(20)
    const items = [...book.entries.values()].map((e) => e.state)
    expect(items).toHaveLength(20)
    for (const w of items) {
      expect(w.receiptTrimmed).toBe(true)
      expect(w.receipt).toMatchObject({ status: 'FAILED', originTransaction: { chainId: 1 } })
      expect(w.failureReason).toHaveLength(MAX_TEXT_CHARS)
      expect(JSON.stringify(w).length).toBeLessThan(4 * MAX_TEXT_CHARS)
    }

    book.save()
    await book.flush()
    expect(statSync(file).size).toBeLessThan(20 * 4 * MAX_TEXT_CHARS)
    expect(readFileSync(file, 'utf8')).not.toContain('calldata')
  })
})
