import { describe, expect, it } from 'vitest'
import { LoopRunner, type Running } from './runner'

interface Item extends Running {
  name: string
}

/** A loop that runs until aborted, or throws when told to. */
function runnerWith(crashes: Array<[string, boolean]>) {
  const started: string[] = []
  const throwers = new Map<string, (e: Error) => void>()
  const runner = new LoopRunner<Item>(
    (item, signal) =>
      new Promise<void>((resolve, reject) => {
        started.push(item.name)
        throwers.set(item.name, reject)
        // A stubborn loop does not end when halted: it may still fail later.
        if (!item.name.startsWith('stubborn')) signal.addEventListener('abort', () => resolve(), { once: true })
      }),
    (item, _e, current) => crashes.push([item.name, current]),
  )
  return { runner, started, fail: (name: string) => throwers.get(name)!(new Error('boom')) }
}

describe('LoopRunner', () => {
  it('hands a crash to `crashed`, saying whether the loop was still the item’s own', async () => {
    const crashes: Array<[string, boolean]> = []
    const { runner, fail } = runnerWith(crashes)
    const a: Item = { name: 'a' }
    runner.start(a)
    fail('a')
    await a.loop
    expect(crashes).toEqual([['a', true]])

    // Restarted: the old loop's late failure is not the item's any more.
    const b: Item = { name: 'stubborn b' }
    runner.start(b)
    const first = b.loop
    runner.halt(b)
    b.name = 'b'
    runner.start(b)
    fail('stubborn b')
    await first
    expect(crashes).toEqual([
      ['a', true],
      ['b', false],
    ])
    await runner.stopAll([b])
  })

  it('stops every loop for good: halted, awaited, and nothing starts after', async () => {
    const { runner, started } = runnerWith([])
    const items: Item[] = [{ name: 'x' }, { name: 'y' }]
    items.forEach((i) => runner.start(i))
    await runner.stopAll(items)
    expect(items.every((i) => i.controller === undefined)).toBe(true)
    runner.start({ name: 'z' })
    expect(started).toEqual(['x', 'y'])
  })
})
