import { describe, expect, it, vi } from 'vitest'
import { createDemo, type DemoLoader, type DemoService } from './demo'

/** A loader whose simulator "starts" as told: `fail` starts reject, each other start gives a service. */
function fakeLoader(fail = 0) {
  const started: Array<DemoService & { stop: ReturnType<typeof vi.fn> }> = []
  let failures = fail
  const start = vi.fn(async () => {
    await new Promise((r) => setTimeout(r, 5))
    if (failures-- > 0) throw new Error('EADDRINUSE')
    const service = { url: `http://127.0.0.1:${4000 + started.length}`, stop: vi.fn(async () => undefined) }
    started.push(service)
    return service
  })
  const load: DemoLoader = vi.fn(async () => ({ startSimulator: start }))
  return { load, start, started }
}

describe('the demo', () => {
  it('loads and starts nothing until first asked', async () => {
    const { load } = fakeLoader()
    const demo = createDemo({ load })
    expect(demo.url()).toBeUndefined()
    await demo.stop()
    expect(load).not.toHaveBeenCalled()
  })

  it('starts once for many at the same moment, on a free port with the given options, and says where', async () => {
    const { load, start, started } = fakeLoader()
    const onStarted = vi.fn()
    const demo = createDemo({ load, options: { intents: 30 }, onStarted })
    const urls = await Promise.all([demo.ensure(), demo.ensure(), demo.ensure()])
    expect(new Set(urls)).toEqual(new Set(['http://127.0.0.1:4000']))
    expect(start).toHaveBeenCalledOnce()
    expect(start).toHaveBeenCalledWith({ port: 0, intents: 30 })
    expect(onStarted).toHaveBeenCalledWith('http://127.0.0.1:4000')
    expect(demo.url()).toBe('http://127.0.0.1:4000')
    await demo.stop()
    expect(started[0].stop).toHaveBeenCalledOnce()
  })

  it('tries again on the next use after a failed start', async () => {
    const { load, start } = fakeLoader(1)
    const demo = createDemo({ load })
    await expect(demo.ensure()).rejects.toThrow('EADDRINUSE')
    expect(demo.url()).toBeUndefined()
    expect(await demo.ensure()).toBe('http://127.0.0.1:4000')
    expect(start).toHaveBeenCalledTimes(2)
    await demo.stop()
  })

  it('stops a demo that finishes starting while the app closes, and starts none after', async () => {
    const { load, started } = fakeLoader()
    const demo = createDemo({ load })
    const asked = demo.ensure()
    await demo.stop()
    await expect(asked).rejects.toThrow(/closing/)
    expect(started[0].stop).toHaveBeenCalledOnce()
    await expect(demo.ensure()).rejects.toThrow(/closing/)
  })

  it('uses a demo already running without loading anything, and leaves stopping it to its owner', async () => {
    const { load } = fakeLoader()
    const running = { url: 'http://127.0.0.1:9999', stop: vi.fn(async () => undefined) }
    const demo = createDemo({ load, running })
    expect(await demo.ensure()).toBe('http://127.0.0.1:9999')
    await demo.stop()
    expect(load).not.toHaveBeenCalled()
    expect(running.stop).not.toHaveBeenCalled()
  })
})
