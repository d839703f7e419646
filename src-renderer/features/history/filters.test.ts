import { describe, expect, it, vi } from 'vitest'
import { setShowUtc } from '../../lib/format'
import {
  DEFAULT_SETTINGS,
  EMPTY_DRAFT,
  localInputToUnix,
  historyFilters,
  historyParams,
  historyRequest,
  historySettings,
  unixToLocalInput,
  validate,
  type HistoryFilterDraft,
} from './filters'

const OWNER = '0x5000c0de5000c0de5000c0de5000c0de5000c0de'
const TOKEN = '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48'
const draft = (d: Partial<HistoryFilterDraft>): HistoryFilterDraft => ({ ...EMPTY_DRAFT, ...d })

describe('validate', () => {
  it('sends nothing for an empty form', () => {
    expect(validate(EMPTY_DRAFT)).toEqual({ ok: true, query: {} })
  })

  it('names the look-alike character in an owner, edge or participant address', () => {
    const lookAlike = OWNER.replace(/.$/, '\u0441')
    const v = validate(draft({ owner: lookAlike, edgeAddress: `So1111111111111111111111111111111111111111\u200b`, participants: `${OWNER}, ${lookAlike}` }))
    expect(v.ok).toBe(false)
    expect(!v.ok && v.errors.owner).toMatch(/“с” \(U\+0441\)/)
    expect(!v.ok && v.errors.edgeAddress).toMatch(/U\+200B/)
    expect(!v.ok && v.errors.participants).toBeDefined()
  })

  it('builds every request field from a filled form', () => {
    const from = '2026-11-01T10:00:00'
    const to = '2026-11-02T10:00:00'
    const v = validate(
      draft({
        projectId: ' 42 ',
        protocol: 'v1_5',
        swapProvider: 'relay',
        bridgeProvider: 'AUTO',
        owner: OWNER,
        edgeAddress: 'So11111111111111111111111111111111111111112',
        edgeRail: 'solana',
        edgeMode: 'ORIGIN',
        participants: `${OWNER}, 0x1111111111111111111111111111111111111111\n${OWNER}`,
        originChainId: '1',
        originToken: TOKEN,
        destinationChainId: '8453',
        destinationToken: TOKEN,
        from,
        to,
        includeBalances: true,
        onlyRecoverable: true,
        // Ticked out of order; sent in the service's order.
        statuses: ['SUCCEEDED', 'FAILED'],
      }),
    )
    expect(v).toEqual({
      ok: true,
      query: {
        byProjectId: 42,
        byIntentProtocol: 'v1_5',
        bySwapProvider: 'RELAY',
        byBridgeProvider: 'AUTO',
        byOwnerAddress: OWNER,
        byEdgeAddress: 'So11111111111111111111111111111111111111112',
        byEdgeRail: 'SOLANA',
        byEdgeMode: 'ORIGIN',
        byParticipantAddresses: [OWNER, '0x1111111111111111111111111111111111111111'],
        originChainId: 1,
        originTokenAddress: TOKEN,
        destinationChainId: 8453,
        destinationTokenAddress: TOKEN,
        fromTime: Math.floor(new Date(from).getTime() / 1000),
        toTime: Math.floor(new Date(to).getTime() / 1000),
        includeBalances: true,
        onlyRecoverable: true,
        byStatuses: ['FAILED', 'SUCCEEDED'],
      },
    })
  })

  it('names each invalid field with a message and builds no request', () => {
    const v = validate(
      draft({
        projectId: '-3',
        swapProvider: 'not a code',
        owner: '0x123',
        edgeAddress: 'bad address!',
        edgeRail: 'sol-ana',
        participants: `${OWNER} nope`,
        originChainId: '0',
        destinationToken: 'USDC',
        from: '2026-11-02T00:00',
        to: '2026-11-01T00:00',
      }),
    )
    expect(v.ok).toBe(false)
    if (v.ok) return
    expect(Object.keys(v.errors).sort()).toEqual(
      ['destinationToken', 'edgeAddress', 'edgeRail', 'originChainId', 'owner', 'participants', 'projectId', 'swapProvider', 'to'].sort(),
    )
    expect(v.errors.owner).toMatch(/40 hex digits/)
    expect(v.errors.to).toBe('The end is before the start')
    expect(v.errors.participants).toContain('nope')
  })

  it('accepts an equal start and end, and refuses more than 20 participants', () => {
    expect(validate(draft({ from: '2026-11-01T00:00', to: '2026-11-01T00:00' })).ok).toBe(true)
    const many = Array.from({ length: 21 }, (_, i) => `0x${String(i).padStart(40, '0')}`).join(' ')
    const v = validate(draft({ participants: many }))
    expect(v.ok ? undefined : v.errors.participants).toBe('At most 20 addresses')
  })

  it('treats every status ticked as no status filter', () => {
    const v = validate(
      draft({ statuses: ['QUOTED', 'COMMITTED', 'EXECUTING', 'FAILED', 'SUCCEEDED', 'ABORTED', 'REFUNDED', 'INVALID'] }),
    )
    expect(v).toEqual({ ok: true, query: {} })
  })
})

describe('local times', () => {
  it('round-trips unix seconds through the datetime-local form', () => {
    const s = 1_763_640_000
    expect(localInputToUnix(unixToLocalInput(s))).toBe(s)
    expect(localInputToUnix('not a date')).toBeUndefined()
    expect(localInputToUnix('2026-11-01T10:00')).toBe(Math.floor(new Date('2026-11-01T10:00').getTime() / 1000))
  })

  it('follows the "Show times in UTC" switch, like every date the app shows', () => {
    // A zone away from UTC, so local and UTC readings differ.
    vi.stubEnv('TZ', 'Asia/Kolkata')
    expect(new Date('2026-11-01T10:00').getTime()).not.toBe(Date.UTC(2026, 10, 1, 10))
    setShowUtc(true)
    try {
      expect(localInputToUnix('2026-11-01T10:00')).toBe(Date.UTC(2026, 10, 1, 10) / 1000)
      expect(unixToLocalInput(Date.UTC(2026, 10, 1, 23, 30, 5) / 1000)).toBe('2026-11-01T23:30:05')
      // The URL keeps the instant: read back with the switch on, the form shows it in UTC.
      const d = historyFilters.decode(historyParams({ ...draft({}), from: '2026-11-01T10:00:00' }, DEFAULT_SETTINGS))
      expect(d.from).toBe('2026-11-01T10:00:00')
    } finally {
      setShowUtc(false)
      vi.unstubAllEnvs()
    }
  })
})

describe('URL', () => {
  it('writes and reads back a full set of filters and settings', () => {
    const d = draft({
      projectId: '7',
      protocol: 'v1',
      swapProvider: 'LIFI',
      owner: OWNER,
      participants: `${OWNER}, 0x1111111111111111111111111111111111111111`,
      originChainId: '10',
      from: '2026-11-01T10:00:00',
      includeBalances: true,
      statuses: ['FAILED', 'REFUNDED'],
    })
    const settings = { sort: 'id' as const, order: 'ASC' as const, pageSize: 30, cap: 1200, all: true }
    const params = historyParams(d, settings)
    expect(params.getAll('participant')).toHaveLength(2)
    expect(params.get('from')).toMatch(/Z$/)
    expect(params.get('order')).toBe('asc')
    expect(params.get('all')).toBe('1')
    const back = new URLSearchParams(params.toString())
    expect(historyFilters.decode(back)).toEqual({ ...d, participants: `${OWNER}, 0x1111111111111111111111111111111111111111` })
    expect(historySettings.decode(back)).toEqual(settings)
  })

  it('leaves defaults out and falls back to them for missing or odd values', () => {
    expect(historyParams(EMPTY_DRAFT, DEFAULT_SETTINGS).toString()).toBe('')
    expect(historySettings.decode(new URLSearchParams('size=500&cap=x&sort=nonsense&all=yes'))).toEqual({ ...DEFAULT_SETTINGS, pageSize: 30 })
    expect(historyFilters.decode(new URLSearchParams('protocol=v9&status=NOPE&mode=UP'))).toEqual(EMPTY_DRAFT)
  })

  it('reads a link and a watched filter written before the shared codec', () => {
    // As older versions wrote them: a History link, and a watched filter's historyParams.
    const link = new URLSearchParams(`project=42&swap=lifi&owner=${OWNER}&participant=${OWNER}&participant=${TOKEN}&from=2026-11-01T10:00:00Z&balances=1&status=FAILED&status=REFUNDED&sort=id&order=asc&size=30&cap=1200&all=1`)
    const d = historyFilters.decode(link)
    expect(d).toMatchObject({ projectId: '42', swapProvider: 'lifi', owner: OWNER, participants: `${OWNER}, ${TOKEN}`, statuses: ['FAILED', 'REFUNDED'], includeBalances: true })
    expect(validate(d)).toEqual({
      ok: true,
      query: {
        byProjectId: 42,
        bySwapProvider: 'LIFI',
        byOwnerAddress: OWNER,
        byParticipantAddresses: [OWNER, TOKEN],
        byStatuses: ['FAILED', 'REFUNDED'],
        fromTime: Date.UTC(2026, 10, 1, 10) / 1000,
        includeBalances: true,
      },
    })
    expect(historySettings.decode(link)).toEqual({ sort: 'id', order: 'ASC', pageSize: 30, cap: 1200, all: true })
    // Written back, it is the same link (the provider code in capitals, as the form sends it).
    expect(historyParams(d, historySettings.decode(link)).toString()).toBe(link.toString().replace('swap=lifi', 'swap=LIFI'))
    const watched = 'owner=0x5000c0de5000c0de5000c0de5000c0de5000c0de&status=FAILED'
    expect(validate(historyFilters.decode(new URLSearchParams(watched)))).toEqual({ ok: true, query: { byOwnerAddress: OWNER, byStatuses: ['FAILED'] } })
  })

  it('keeps an unreadable time as typed, so the form can point at it', () => {
    const d = historyFilters.decode(new URLSearchParams('from=yesterday'))
    expect(d.from).toBe('yesterday')
    expect(validate(d).ok).toBe(false)
  })
})

describe('historyRequest', () => {
  it('asks for the sort column, order and size with no cursor', () => {
    expect(historyRequest({ byOwnerAddress: '0x1' }, { ...DEFAULT_SETTINGS, sort: 'id', order: 'ASC' })).toEqual({
      byOwnerAddress: '0x1',
      page: { column: 'id', sort: [{ column: 'id', order: 'ASC' }], pageSize: 20 },
    })
  })

  it('reads "load all" in pages of at least 100', () => {
    expect(historyRequest({}, { ...DEFAULT_SETTINGS, all: true }).page?.pageSize).toBe(100)
  })
})
