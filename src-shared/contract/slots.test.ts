import { describe, expect, it } from 'vitest'
import { Slots } from './slots'

describe('Slots', () => {
  it('grants up to the capacity at once and queues the rest', async () => {
    const slots = new Slots(2)
    expect(await slots.acquire()).toBe(true)
    expect(await slots.acquire()).toBe(true)
    let third = false
    void slots.acquire().then(() => (third = true))
    await Promise.resolve()
    expect(third).toBe(false)
    slots.release()
    await Promise.resolve()
    expect(third).toBe(true)
    // The slot went straight to the waiter: both are held again, so a new asker waits.
    let fourth = false
    void slots.acquire().then(() => (fourth = true))
    await Promise.resolve()
    expect(fourth).toBe(false)
  })

  it('rotates fairly: a releasing holder that asks again goes behind those already waiting', async () => {
    const slots = new Slots(1)
    const order: string[] = []
    await slots.acquire()
    const a = slots.acquire().then(() => order.push('a'))
    const b = slots.acquire().then(() => order.push('b'))
    slots.release()
    // The previous holder asks again right after releasing: it must not jump the queue.
    const again = slots.acquire().then(() => order.push('again'))
    await a
    slots.release()
    await b
    slots.release()
    await again
    expect(order).toEqual(['a', 'b', 'again'])
  })

  it('drops a waiter whose signal aborts, without losing the slot', async () => {
    const slots = new Slots(1)
    await slots.acquire()
    const controller = new AbortController()
    const cancelled = slots.acquire(controller.signal)
    controller.abort()
    expect(await cancelled).toBe(false)
    slots.release()
    // Not handed to the dropped waiter: the next asker gets it at once.
    const stuck = new Promise((r) => setTimeout(() => r('stuck'), 1_000))
    expect(await Promise.race([slots.acquire(), stuck])).toBe(true)
  })

  it('refuses an aborted signal at once and a nonsensical capacity', async () => {
    const controller = new AbortController()
    controller.abort()
    expect(await new Slots(1).acquire(controller.signal)).toBe(false)
    expect(() => new Slots(0)).toThrow(RangeError)
  })
})
