import { describe, expect, it, vi } from 'vitest'
import { AnswerAssembly, OFF_THREAD_BYTES, SLICE, answerDecoder, detachLists, splitAnswer, type DecodeMessage } from './bridgeDecode'

const intents = (n: number) => Array.from({ length: n }, (_, i) => ({ intentId: `0x${i.toString(16)}`, quote: { fromAmount: String(i) }, legs: [1, 2] }))
const answer = (n: number) => ({ ok: true, value: { data: { intents: intents(n), tags: ['a', 'b'] }, source: { fetchedAt: 5, profileId: 'p' } } })
const bytesOf = (value: unknown) => new TextEncoder().encode(JSON.stringify(value)).buffer as ArrayBuffer

/** A worker that runs the worker's side in this thread, each message in its own task, as a real one delivers them. */
function fakeWorker() {
  const listeners: Record<string, Array<(e: unknown) => void>> = { message: [], error: [] }
  const worker = {
    posted: 0,
    addEventListener: (type: string, l: (e: unknown) => void) => listeners[type].push(l),
    postMessage(m: { id: number; bytes: ArrayBuffer }) {
      worker.posted++
      for (const reply of splitAnswer(m.id, m.bytes)) setTimeout(() => listeners.message.forEach((l) => l({ data: reply })))
    },
    terminate: vi.fn(),
    die: () => listeners.error.forEach((l) => l({})),
  }
  return worker
}

describe('decoding large answers in slices', () => {
  it('sends every long list in slices and puts the answer back together exactly', () => {
    const messages = splitAnswer(7, bytesOf(answer(523)))
    const slices = messages.filter((m) => m.kind === 'slice')
    expect(slices).toHaveLength(Math.ceil(523 / SLICE))
    expect(slices.every((m) => m.kind === 'slice' && m.items.length <= SLICE)).toBe(true)
    const assembly = new AnswerAssembly()
    const wholes = messages.map((m) => assembly.take(m))
    expect(wholes.slice(0, -1).every((w) => w === undefined)).toBe(true)
    expect(wholes.at(-1)).toEqual({ value: answer(523) })
  })

  it('leaves short lists and lists deeper than it looks in place', () => {
    const deep = { a: { b: { c: { d: { e: { f: intents(SLICE + 1) } } } } }, short: intents(SLICE) }
    const { lists } = detachLists(deep)
    expect(lists).toEqual([])
    expect(deep.short).toHaveLength(SLICE)
  })

  it('reports a body that is not JSON as a SyntaxError, as Response.json() does', () => {
    const [failed] = splitAnswer(1, new TextEncoder().encode('{"ok": tru').buffer as ArrayBuffer)
    expect(failed.kind).toBe('failed')
    expect(() => new AnswerAssembly().take(failed as DecodeMessage)).toThrow(SyntaxError)
  })

  it('parses a large answer in the worker and a small one in the page', async () => {
    const worker = fakeWorker()
    const decode = answerDecoder(() => worker as unknown as Worker)
    vi.stubGlobal('Worker', function Worker() {})
    try {
      const big = answer(5000)
      expect(bytesOf(big).byteLength).toBeGreaterThan(OFF_THREAD_BYTES)
      await expect(decode(new Response(JSON.stringify(big)))).resolves.toEqual(big)
      expect(worker.posted).toBe(1)
      await expect(decode(new Response(JSON.stringify(answer(3))))).resolves.toEqual(answer(3))
      expect(worker.posted).toBe(1)
      await expect(decode(new Response(`[${'1,'.repeat(OFF_THREAD_BYTES)}`))).rejects.toThrow(SyntaxError)
    } finally {
      vi.unstubAllGlobals()
    }
  })

  it('gives up the answers a dead worker held, and parses the next ones in the page', async () => {
    const worker = fakeWorker()
    worker.postMessage = () => void worker.posted++
    const decode = answerDecoder(() => worker as unknown as Worker)
    vi.stubGlobal('Worker', function Worker() {})
    try {
      const lost = decode(new Response(JSON.stringify(answer(5000))))
      await vi.waitFor(() => expect(worker.posted).toBe(1))
      worker.die()
      await expect(lost).rejects.toThrow('the decode worker stopped')
      expect(worker.terminate).toHaveBeenCalled()
      await expect(decode(new Response(JSON.stringify(answer(5000))))).resolves.toEqual(answer(5000))
      expect(worker.posted).toBe(1)
    } finally {
      vi.unstubAllGlobals()
    }
  })
})
