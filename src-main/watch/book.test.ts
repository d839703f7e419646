import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import type { IntentReceipt } from '../../src-shared/contract/service'
import { EventHub } from '../events/hub'
import { KEPT_RECEIPTS_CHARS, LIST_RECEIPTS_CHARS, WatchBook, type Entry } from './book'
import { RECEIPT_KEPT_CHARS } from './keep'

let dir: string | undefined

afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true })
  dir = undefined
})

describe('a profile’s watch list', () => {
  it('carries whole receipts up to its budget and summaries past it, however many watches there are', () => {
    dir = mkdtempSync(join(tmpdir(), 'ie-watch-book-'))
    const book = new WatchBook({ events: new EventHub(), file: join(dir, 'watches.json'), now: () => 1, log: () => undefined })
    // Receipts just under what a watch keeps whole: 400 of them are about three times the list's budget.
    const receipt = (i: number): IntentReceipt =>
      ({ intentId: `0x${i}`, status: 'EXECUTING', originTransaction: { chainId: 1, calldata: `0x${'ab'.repeat(RECEIPT_KEPT_CHARS / 2 - 200)}` } }) as IntentReceipt
    for (let i = 0; i < 400; i++) {
      book.entries.set(`p\n0x${i}`, { state: { profileId: 'p', intentId: `0x${i}`, addedAt: 1, phase: 'polling', muted: false, revision: i, receipt: receipt(i) } })
    }
    const { items: watches } = book.listOf('p', true)
    expect(watches).toHaveLength(400)
    const whole = watches.filter((w) => !w.receiptTrimmed)
    expect(whole.length).toBeGreaterThan(0)
    expect(whole.length).toBeLessThan(400)
    expect(whole.reduce((sum, w) => sum + JSON.stringify(w.receipt).length, 0)).toBeLessThanOrEqual(LIST_RECEIPTS_CHARS + whole.length * 64)
    for (const w of watches.filter((x) => x.receiptTrimmed)) expect(w.receipt).toEqual({ intentId: w.intentId, status: 'EXECUTING', originTransaction: { chainId: 1 } })
    expect(JSON.stringify(watches).length).toBeLessThan(LIST_RECEIPTS_CHARS + 400 * 1024)
    // Lists sent with events carry no receipts at all.
    expect(book.listOf('p', false).items.every((w) => w.receipt === undefined)).toBe(true)
  })

  it('keeps whole receipts for all watches together up to its budget, and summaries past it', () => {
    dir = mkdtempSync(join(tmpdir(), 'ie-watch-book-'))
    const book = new WatchBook({ events: new EventHub(), file: join(dir, 'watches.json'), now: () => 1, log: () => undefined })
    const receipt = (i: number): IntentReceipt =>
      ({ intentId: `0x${i}`, status: 'EXECUTING', originTransaction: { chainId: 1, calldata: `0x${'ab'.repeat(RECEIPT_KEPT_CHARS / 2 - 200)}` } }) as IntentReceipt
    const kept: Entry[] = []
    for (let i = 0; i < 1_000; i++) {
      const entry: Entry = { state: { profileId: 'p', intentId: `0x${i}`, addedAt: 1, phase: 'polling', muted: false, revision: i } }
      book.entries.set(`p\n0x${i}`, entry)
      entry.state = book.keep(entry, { ...entry.state, receipt: receipt(i) })
      kept.push(entry)
    }
    const whole = kept.filter((e) => !e.state.receiptTrimmed)
    expect(whole.length).toBeGreaterThan(100)
    expect(whole.length).toBeLessThan(1_000)
    expect(whole.reduce((sum, e) => sum + JSON.stringify(e.state.receipt).length, 0)).toBeLessThanOrEqual(KEPT_RECEIPTS_CHARS + whole.length * 64)
    expect(kept[999].state.receipt).toEqual({ intentId: '0x999', status: 'EXECUTING', originTransaction: { chainId: 1 } })
    // A watch that moves on frees its share: the next receipt of a trimmed watch may be whole again.
    book.entries.delete('p\n0x0')
    const next = book.keep(kept[999], { ...kept[999].state, receipt: receipt(999), receiptTrimmed: undefined })
    expect(next.receiptTrimmed).toBeUndefined()
  })
})
