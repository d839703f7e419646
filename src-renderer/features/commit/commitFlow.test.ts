// @vitest-environment node
import { describe, expect, it } from 'vitest'
import type { Result, SvcError } from '@contract/errors'
import type { Intent } from '@contract/service'
import { commitGate, runCommit, shownStatus, withHeldStatus, type CommitCalls } from './commitFlow'
import { parseIntentInput } from './parseIntent'
import { QUOTED_INTENT_ID, quoteResponse, quoteResponseText } from './testing'

/**
 * The Commit view's model without React or a DOM: the service calls are passed in, so
 * each test scripts them and reads back what was sent.
 */

const SOURCE = { profileId: 'sim', baseUrl: 'http://sim', simulated: true, fetchedAt: 0 }
const ok = <T>(data: T): Result<{ data: T; source: typeof SOURCE }> => ({ ok: true, value: { data, source: SOURCE } })
const fail = (kind: SvcError['kind'], message: string = kind): Result<never> => ({ ok: false, error: { kind, message } })
const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString()

function scripted(commit: () => Result<unknown>, held: () => Result<unknown>) {
  const sent: { commits: unknown[]; asks: unknown[] } = { commits: [], asks: [] }
  let clock = 1_000
  const calls: CommitCalls = {
    commitIntent: async (args) => (sent.commits.push(args), commit() as never),
    getIntent: async (args) => (sent.asks.push(args), held() as never),
    now: () => (clock += 10),
  }
  return { calls, sent }
}

const intent = (): Intent => quoteResponse(inAnHour()).intent
const heldAs = (status: string) => () => ok({ ...intent(), status })

describe('runCommit', () => {
  it('sends the intent exactly as read, with its pasted text, then reads the status the service now holds', async () => {
    const { calls, sent } = scripted(() => ok({ intentId: QUOTED_INTENT_ID }), heldAs('COMMITTED'))
    const the = intent()
    const outcome = await runCommit(calls, { intent: the, pastedText: 'the box' }, null)
    expect(sent.commits).toEqual([{ intent: the, pastedText: 'the box' }])
    expect(sent.commits[0]).toMatchObject({ intent: expect.objectContaining({ quote: expect.objectContaining({ fromAmount: '1234567890123456789012' }) }) })
    expect(outcome).toEqual({ kind: 'committed', committed: { intentId: QUOTED_INTENT_ID, committedAt: 1_020 } })
    if (outcome.kind !== 'committed') return
    expect(await withHeldStatus(calls, outcome.committed)).toEqual({ intentId: QUOTED_INTENT_ID, committedAt: 1_020, status: 'COMMITTED' })
    expect(sent.asks).toEqual([{ intentId: QUOTED_INTENT_ID }])
  })

  it('still counts a commit the service accepted when asking for its status afterwards fails', async () => {
    const { calls } = scripted(() => ok({ intentId: QUOTED_INTENT_ID }), () => fail('Network'))
    const outcome = await runCommit(calls, { intent: intent() }, null)
    expect(outcome.kind).toBe('committed')
    if (outcome.kind !== 'committed') return
    expect(await withHeldStatus(calls, outcome.committed)).toEqual({ intentId: QUOTED_INTENT_ID, committedAt: 1_020, statusUnread: true })
  })

  it('remembers a commit whose answer was lost, and not one the service refused', async () => {
    const lost = await runCommit(scripted(() => fail('Timeout'), heldAs('QUOTED')).calls, { intent: intent() }, null)
    expect(lost).toEqual({ kind: 'failed', failure: { kind: 'Timeout', message: 'Timeout' }, unsure: { intentId: QUOTED_INTENT_ID, sentAt: 1_010 } })
    const refused = await runCommit(scripted(() => fail('Conflict'), heldAs('QUOTED')).calls, { intent: intent() }, null)
    expect(refused).toEqual({ kind: 'failed', failure: { kind: 'Conflict', message: 'Conflict' }, unsure: null })
  })

  it('after a lost answer asks first: committed already means nothing is sent twice', async () => {
    const { calls, sent } = scripted(() => ok({ intentId: QUOTED_INTENT_ID }), heldAs('EXECUTING'))
    const outcome = await runCommit(calls, { intent: intent() }, { intentId: QUOTED_INTENT_ID, sentAt: 500 })
    expect(sent.commits).toEqual([])
    expect(outcome).toEqual({ kind: 'committed', committed: { intentId: QUOTED_INTENT_ID, committedAt: 500, confirmedLater: true, status: 'EXECUTING' } })
  })

  it('after a lost answer commits again when the intent is still quoted or unknown, and sends nothing when it cannot tell', async () => {
    for (const held of [heldAs('QUOTED'), () => fail('NotFound')]) {
      const { calls, sent } = scripted(() => ok({ intentId: QUOTED_INTENT_ID }), held)
      expect((await runCommit(calls, { intent: intent() }, { intentId: QUOTED_INTENT_ID, sentAt: 500 })).kind).toBe('committed')
      expect(sent.commits).toHaveLength(1)
    }
    const { calls, sent } = scripted(() => ok({ intentId: QUOTED_INTENT_ID }), () => fail('Network', 'no route'))
    const outcome = await runCommit(calls, { intent: intent() }, { intentId: QUOTED_INTENT_ID, sentAt: 500 })
    expect(sent.commits).toEqual([])
    expect(outcome.kind === 'failed' && outcome.failure.message).toBe('Could not find out whether the last commit went through: no route')
  })
})

describe('commitGate and shownStatus', () => {
  const parsed = parseIntentInput(quoteResponseText(inAnHour()))
  const committed = { intentId: QUOTED_INTENT_ID, committedAt: 1, status: 'COMMITTED' as const }

  it('offers Commit for a readable intent, not while sending, and says why not for a broken one', () => {
    expect(commitGate(parsed, null, false)).toEqual({ enabled: true })
    expect(commitGate(parsed, null, true)).toEqual({ enabled: false })
    expect(commitGate(parseIntentInput(''), null, false)).toEqual({ enabled: false, reason: undefined })
    expect(commitGate(parseIntentInput('{'), null, false)).toEqual({ enabled: false, reason: 'Fix the intent above first.' })
  })

  it('after a commit, shows the service’s status and refuses to commit the same intent again until a new one', () => {
    expect(shownStatus(parsed, null)).toBe('QUOTED')
    expect(shownStatus(parsed, committed)).toBe('COMMITTED')
    expect(commitGate(parsed, committed, false)).toEqual({
      enabled: false,
      reason: 'This intent is already committed (COMMITTED). Get a new quote to commit again.',
    })
    const other = parseIntentInput(quoteResponseText(inAnHour()).replaceAll(QUOTED_INTENT_ID, '0x' + '6f'.repeat(32)))
    expect(commitGate(other, committed, false)).toEqual({ enabled: true })
    expect(shownStatus(other, committed)).toBe('QUOTED')
  })
})
