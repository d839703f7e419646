import { describe, expect, it } from 'vitest'
import type { DemoAnswer, DemoRequest } from './demo'
import { AnswerTooLargeError, type FetchRequest } from '../service/transport'
import { IN_PROCESS_DEMO_ORIGIN } from '../../src-shared/contract/app'
import { demoFetch } from './demoFetch'

const post = (body = '{}', signal = new AbortController().signal): FetchRequest => ({
  method: 'POST',
  headers: { 'X-Access-Key': 'demo-key', 'Content-Type': 'application/json' },
  body,
  signal,
})

describe('the in-process transport', () => {
  const answering = (answer: Partial<DemoAnswer>) => demoFetch(async () => ({ status: 200, headers: {}, body: '{}', ...answer }))

  it('hands the request over as the server would read it, and reads the answer as from the network', async () => {
    const asked: DemoRequest[] = []
    const fetch = demoFetch(async (req) => {
      asked.push(req)
      return { status: 429, headers: { 'Retry-After': '3' }, body: '{"code":1}' }
    })
    const res = await fetch(`${IN_PROCESS_DEMO_ORIGIN}/rpc/Svc/SearchIntents?x=1`, post('{"byIntentId":"0xab"}'))
    expect(asked[0]).toMatchObject({ method: 'POST', path: '/rpc/Svc/SearchIntents?x=1' })
    expect(asked[0].header('x-access-key')).toBe('demo-key')
    expect(await asked[0].body()).toBe('{"byIntentId":"0xab"}')
    expect(res.status).toBe(429)
    expect(res.headers.get('retry-after')).toBe('3')
    expect(await res.text()).toBe('{"code":1}')
  })

  it('answers only the demo origin', async () => {
    await expect(answering({})('http://127.0.0.1:1/rpc/Svc/GetChains', post())).rejects.toThrow(/demo\.invalid only/)
  })

  it('fails a dropped or reset answer as a broken connection, and an aborted one as aborted', async () => {
    await expect(answering({ cut: 'drop' })(`${IN_PROCESS_DEMO_ORIGIN}/rpc/Svc/GetChains`, post())).rejects.toMatchObject({ code: 'ECONNRESET' })
    const reset = await answering({ cut: 'reset', body: '{"a":1}' })(`${IN_PROCESS_DEMO_ORIGIN}/rpc/Svc/GetChains`, post())
    await expect(reset.text()).rejects.toMatchObject({ code: 'ECONNRESET' })
    const ac = new AbortController()
    ac.abort(new Error('gone'))
    await expect(answering({})(`${IN_PROCESS_DEMO_ORIGIN}/rpc/Svc/GetChains`, post('{}', ac.signal))).rejects.toThrow('gone')
  })

  it('refuses an answer past the size limit as the network transport does', async () => {
    const res = await answering({ body: 'x'.repeat(100) })(`${IN_PROCESS_DEMO_ORIGIN}/rpc/Svc/GetChains`, { ...post(), maxAnswerBytes: 10 })
    await expect(res.text()).rejects.toBeInstanceOf(AnswerTooLargeError)
  })
})
