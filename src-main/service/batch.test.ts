import { describe, expect, it } from 'vitest'
import { chunk, mapLimited } from './batch'

describe('chunk', () => {
  it('splits 60 items into 25, 25 and 10', () => {
    const parts = chunk(Array.from({ length: 60 }, (_, i) => i), 25)
    expect(parts.map((p) => p.length)).toEqual([25, 25, 10])
    expect(parts.flat()).toEqual(Array.from({ length: 60 }, (_, i) => i))
  })

  it('gives nothing for nothing', () => {
    expect(chunk([], 25)).toEqual([])
  })
})

describe('mapLimited', () => {
  const tick = (ms: number) => new Promise((r) => setTimeout(r, ms))

  it('keeps input order and never exceeds the limit', async () => {
    let running = 0
    let peak = 0
    const out = await mapLimited([5, 1, 4, 2, 3], 2, async (n) => {
      peak = Math.max(peak, ++running)
      await tick(n * 3)
      running--
      return n * 10
    })
    expect(out).toEqual([50, 10, 40, 20, 30])
    expect(peak).toBe(2)
  })

  it('rejects with the first failure and aborts the tasks still running', async () => {
    const aborted: number[] = []
    const run = mapLimited([0, 1, 2, 3], 2, async (n, signal) => {
      if (n === 1) {
        await tick(5)
        throw new Error('batch 1 failed')
      }
      await new Promise<void>((resolve, reject) => {
        const t = setTimeout(resolve, 200)
        signal.addEventListener('abort', () => {
          clearTimeout(t)
          aborted.push(n)
          reject(new Error(`batch ${n} aborted`))
        })
      })
      return n
    })
    await expect(run).rejects.toThrow('batch 1 failed')
    expect(aborted).toEqual([0])
  })

  it('aborts its tasks when the caller does', async () => {
    const controller = new AbortController()
    const run = mapLimited(
      [1],
      1,
      (_n, signal) =>
        new Promise((_resolve, reject) => signal.addEventListener('abort', () => reject(new Error('stopped')))),
      controller.signal,
    )
    controller.abort()
    await expect(run).rejects.toThrow('stopped')
  })
})
