import { describe, expect, it, vi } from 'vitest'
import { SvcFailure } from '../../src-shared/contract/errors'
import type { Core } from './core'
import { EventHub } from '../events/hub'
import { createBridgeHandlers } from './handlers'

const source = { profileId: 'simulator', baseUrl: 'http://127.0.0.1:1', simulated: true, fetchedAt: 1 }

function fakeCore(client: Record<string, (...a: unknown[]) => unknown>): Core {
  return {
    events: new EventHub(),
    session: () => ({ client: client as never, source: () => source }),
    appInfo: vi.fn(),
    saveProfile: vi.fn(),
    removeProfile: vi.fn(),
    setActiveProfile: vi.fn(),
    setAccessKey: vi.fn(),
    clearAccessKey: vi.fn(),
    testConnection: vi.fn(),
    redact: <T>(value: T) => value,
  } as unknown as Core
}

describe('bridge handlers', () => {
  it('validates arguments before anything runs', async () => {
    const getIntent = vi.fn()
    const h = createBridgeHandlers(fakeCore({ getIntent }))
    for (const bad of [undefined, null, 42, {}, { intentId: 7 }, { intentId: '' }]) {
      const r = await h.getIntent(bad)
      expect(r.ok).toBe(false)
      if (!r.ok) expect(r.error.kind).toBe('InvalidArgument')
    }
    expect(getIntent).not.toHaveBeenCalled()
  })

  it('parses service arguments once, here: a bad request never reaches the client, a good one reaches it parsed', async () => {
    const searchIntents = vi.fn()
    const getIntentHistory = vi.fn(async (_request: unknown, _opts?: unknown) => ({ intents: [] }))
    const h = createBridgeHandlers(fakeCore({ searchIntents, getIntentHistory }))
    const none = await h.searchIntents({})
    expect(none).toMatchObject({ ok: false, error: { kind: 'InvalidArgument', operation: 'searchIntents' } })
    if (!none.ok) expect(none.error.message).toMatch(/at least one search filter/)
    expect(await h.getIntentHistory({ page: { pageSize: -1 } })).toMatchObject({ ok: false, error: { kind: 'InvalidArgument', path: 'page.pageSize' } })
    expect(searchIntents).not.toHaveBeenCalled()
    expect(getIntentHistory).not.toHaveBeenCalled()
    await h.getIntentHistory({ page: { pageSize: 5, after: '18446744073709551615' } })
    expect(getIntentHistory.mock.calls[0]?.[0]).toEqual({ page: { pageSize: 5, after: '18446744073709551615' } })
  })

  it('stamps results with the profile and time they were fetched', async () => {
    const intent = { intentId: '0x' + 'a'.repeat(64) }
    const h = createBridgeHandlers(fakeCore({ getIntent: async () => ({ intent }) }))
    expect(await h.getIntent({ intentId: intent.intentId })).toEqual({ ok: true, value: { data: intent, source } })
  })

  it('turns service failures into the tagged union, naming the method', async () => {
    const h = createBridgeHandlers(
      fakeCore({
        getChains: async () => {
          throw new SvcFailure({ kind: 'Unauthorized', status: 401, message: 'The access key was rejected' })
        },
      }),
    )
    expect(await h.getChains({})).toEqual({
      ok: false,
      error: { kind: 'Unauthorized', status: 401, operation: 'getChains', message: 'The access key was rejected' },
    })
  })

  it('never leaks an unexpected exception’s text to the renderer', async () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {})
    const h = createBridgeHandlers(
      fakeCore({
        getChains: async () => {
          throw new Error('secret internal detail')
        },
      }),
    )
    const r = await h.getChains({})
    expect(r.ok).toBe(false)
    if (!r.ok) {
      expect(r.error.kind).toBe('Internal')
      expect(r.error.message).not.toContain('secret')
    }
    spy.mockRestore()
  })

  it('says so when nothing keeps watched filters (the command line)', async () => {
    const h = createBridgeHandlers(fakeCore({}))
    const r = await h.listQueryWatches(undefined)
    expect(r).toMatchObject({ ok: false, error: { kind: 'NotFound', operation: 'listQueryWatches' } })
    expect(await h.addQueryWatch({ name: 'x', query: { byPage: 1 } })).toMatchObject({ ok: false, error: { kind: 'InvalidArgument', path: 'query' } })
  })
})
