import { describe, expect, it, vi } from 'vitest'
import type { GetIntentHistoryRequest, GetIntentHistoryResponse, IntentHistoryEntry } from '../../src-shared/contract/service'
import { walkIntentHistory } from './historyWalk'

const entries = (from: number, n: number): IntentHistoryEntry[] =>
  Array.from({ length: n }, (_, i) => ({ intentId: `i${from + i}` }))

/** A fake service of `total` entries served `size` at a time, cursor = entries already read. */
function service(total: number, size: number) {
  return vi.fn(async (req: GetIntentHistoryRequest): Promise<GetIntentHistoryResponse> => {
    const after = Number(req.page?.after ?? 0)
    const n = Math.min(size, total - after)
    const more = after + n < total
    return { intents: entries(after, n), ...(more && { nextPage: { after: String(after + n), pageSize: size, more } }) }
  })
}

const opts = { baseUrl: 'https://svc.example.com' }

describe('walkIntentHistory', () => {
  it('re-sends nextPage as page, with the original filters, until there is no nextPage', async () => {
    const fetchPage = service(45, 20)
    const result = await walkIntentHistory(fetchPage, { byOwnerAddress: '0x1' }, opts)
    expect(result.complete).toBe(true)
    expect(result.intents.map((e) => e.intentId)).toEqual(entries(0, 45).map((e) => e.intentId))
    expect(fetchPage.mock.calls.map(([r]) => r)).toEqual([
      { byOwnerAddress: '0x1' },
      { byOwnerAddress: '0x1', page: { after: '20', pageSize: 20, more: true } },
      { byOwnerAddress: '0x1', page: { after: '40', pageSize: 20, more: true } },
    ])
  })

  it('stops when nextPage says more: false', async () => {
    const fetchPage = vi.fn(async () => ({ intents: entries(0, 2), nextPage: { after: '2', more: false } }))
    expect(await walkIntentHistory(fetchPage, {}, opts)).toMatchObject({ complete: true })
    expect(fetchPage).toHaveBeenCalledTimes(1)
  })

  it('stops between pages at maxEntries and says where to resume', async () => {
    const fetchPage = service(100, 20)
    const onPage = vi.fn()
    const result = await walkIntentHistory(fetchPage, {}, { ...opts, maxEntries: 30, onPage })
    expect(result.intents).toHaveLength(40)
    expect(result.complete).toBe(false)
    expect(result.nextPage).toEqual({ after: '40', pageSize: 20, more: true })
    expect(onPage.mock.calls.map(([, i]) => i)).toEqual([0, 1])
  })

  it('refuses a service that hands back the cursor it was given', async () => {
    const page = { after: '20', more: true }
    const fetchPage = vi.fn(async () => ({ intents: entries(0, 20), nextPage: page }))
    await expect(walkIntentHistory(fetchPage, { page }, opts)).rejects.toMatchObject({
      error: { kind: 'BadResponse', path: 'nextPage', operation: 'GetIntentHistory' },
    })
  })

  it('passes the signal to every page request', async () => {
    const controller = new AbortController()
    const fetchPage = vi.fn(async (_r: GetIntentHistoryRequest, signal?: AbortSignal) => {
      expect(signal).toBe(controller.signal)
      return { intents: [] }
    })
    await walkIntentHistory(fetchPage, {}, { ...opts, signal: controller.signal })
    expect(fetchPage).toHaveBeenCalledTimes(1)
  })
})
