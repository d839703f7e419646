import { describe, expect, it, vi } from 'vitest'
import type { SimAnswer, SimRequest, SimResponder } from '../../tools/simulator'
import { IN_PROCESS_DEMO_ORIGIN } from '../../src-shared/contract/app'
import { createDemo, type DemoLoader } from './demo'

/** A loader whose responder is made as told: `fail` loads reject, then each answers with `answer`. */
function fakeLoader(fail = 0, answer: Partial<SimAnswer> = {}) {
  const made: Array<SimResponder & { asked: SimRequest[]; stop: ReturnType<typeof vi.fn> }> = []
  let failures = fail
  const createResponder = vi.fn(() => {
    const asked: SimRequest[] = []
    const responder = {
      asked,
      respond: vi.fn(async (req: SimRequest) => {
        asked.push(req)
        return { status: 200, headers: { 'Content-Type': 'application/json' }, body: '{"ok":true}', ...answer }
      }),
      stop: vi.fn(),
    }
    made.push(responder)
    return responder
  })
  const load: DemoLoader = vi.fn(async () => {
    await new Promise((r) => setTimeout(r, 5))
    if (failures-- > 0) throw new Error('could not load the simulator')
    return { createResponder }
  })
  return { load, createResponder, made }
}

const request = (path: string, body = '{}'): SimRequest => ({
  method: 'POST',
  path,
  header: (name) => (name === 'x-access-key' ? 'demo-key' : undefined),
  body: async () => body,
  signal: new AbortController().signal,
})

describe('the demo', () => {
  it('loads nothing until first asked, and its profile points at an origin no network serves', async () => {
    const { load } = fakeLoader()
    const demo = createDemo({ load })
    expect(demo.url()).toBeUndefined()
    expect(demo.baseUrl).toBe('http://demo.invalid')
    await demo.stop()
    expect(load).not.toHaveBeenCalled()
  })

  it('loads once for many at the same moment, with the given options, and says so', async () => {
    const { load, createResponder, made } = fakeLoader()
    const onStarted = vi.fn()
    const demo = createDemo({ load, options: { intents: 30 }, onStarted })
    await Promise.all([demo.ensure(), demo.respond!(request('/rpc/Svc/GetChains')), demo.ensure()])
    expect(load).toHaveBeenCalledOnce()
    expect(createResponder).toHaveBeenCalledWith({ intents: 30 })
    expect(onStarted).toHaveBeenCalledWith(IN_PROCESS_DEMO_ORIGIN)
    expect(demo.url()).toBe(IN_PROCESS_DEMO_ORIGIN)
    await demo.stop()
    expect(made[0].stop).toHaveBeenCalledOnce()
  })

  it('hands each request to the one responder and gives its answer back', async () => {
    const { load, made } = fakeLoader(0, { status: 429, headers: { 'Retry-After': '3' }, body: '{"code":1}' })
    const demo = createDemo({ load })
    const asked = request('/rpc/Svc/SearchIntents')
    expect(await demo.respond!(asked)).toEqual({ status: 429, headers: { 'Retry-After': '3' }, body: '{"code":1}' })
    await demo.respond!(request('/rpc/Svc/GetChains'))
    expect(made).toHaveLength(1)
    expect(made[0].asked).toEqual([asked, expect.objectContaining({ path: '/rpc/Svc/GetChains' })])
    await demo.stop()
  })

  it('tries again on the next use after a failed load', async () => {
    const { load } = fakeLoader(1)
    const demo = createDemo({ load })
    await expect(demo.ensure()).rejects.toThrow('could not load')
    expect(demo.url()).toBeUndefined()
    await demo.ensure()
    expect(demo.url()).toBe(IN_PROCESS_DEMO_ORIGIN)
    expect(load).toHaveBeenCalledTimes(2)
    await demo.stop()
  })

  it('makes no demo once the app is closing', async () => {
    const { load, createResponder } = fakeLoader()
    const demo = createDemo({ load })
    const asked = demo.ensure()
    await demo.stop()
    await expect(asked).rejects.toThrow(/closing/)
    expect(createResponder).not.toHaveBeenCalled()
    await expect(demo.ensure()).rejects.toThrow(/closing/)
  })

  it('uses a demo already running over HTTP without loading anything', async () => {
    const { load } = fakeLoader()
    const demo = createDemo({ load, running: { url: 'http://127.0.0.1:9999' } })
    expect(demo.baseUrl).toBe('http://127.0.0.1:9999')
    expect(demo.respond).toBeUndefined()
    await demo.ensure()
    expect(demo.url()).toBe('http://127.0.0.1:9999')
    await demo.stop()
    expect(load).not.toHaveBeenCalled()
  })
})
