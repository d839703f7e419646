import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { HEAVY_OWNER_ADDRESS, startSimulator, type RunningSimulator } from './index'
import { isRecoverable, type IntentRecord } from './records'
import { rpc, walkHistory } from './testing'

/** Ground truth: intent ids of the records that satisfy `keep`, newest first. */
const truth = (sim: RunningSimulator, keep: (r: IntentRecord) => boolean) =>
  sim.dataset.records
    .filter(keep)
    .sort((a, b) => b.idx - a.idx)
    .map((r) => r.intentId)

const ids = (entries: { intentId: string }[]) => entries.map((e) => e.intentId)

describe('GetIntentHistory paging', () => {
  let sim: RunningSimulator
  beforeAll(async () => {
    sim = await startSimulator({ intents: 20_000, seed: 5 })
    sim.clock.freeze()
  })
  afterAll(() => sim.stop())

  it('defaults to 20 entries, newest first, with a nextPage to follow', async () => {
    const { status, body } = await rpc(sim.url, 'GetIntentHistory', {})
    expect(status).toBe(200)
    expect(ids(body.intents)).toEqual(truth(sim, () => true).slice(0, 20))
    expect(body.nextPage).toEqual({ column: 'id', after: 20_000 - 19, sort: [{ column: 'id', order: 'DESC' }], pageSize: 20, more: true })
    expect(body.intents[0].receipt.intentId).toBe(body.intents[0].intentId)
    expect(body.intents[0].hasBalance).toBeUndefined()
  })

  it('walks every page of the 5,000-intent owner with no duplicates or gaps', async () => {
    const owned = truth(sim, (r) => r.owner === HEAVY_OWNER_ADDRESS)
    expect(owned).toHaveLength(5000)
    const walked = ids(await walkHistory(sim.url, { byOwnerAddress: HEAVY_OWNER_ADDRESS.toUpperCase().replace('0X', '0x') }, 100))
    expect(new Set(walked).size).toBe(walked.length)
    expect(walked).toEqual(owned)
  })

  it('walks ascending by createdAt with an odd page size', async () => {
    const statuses = ['QUOTED', 'FAILED', 'ABORTED', 'REFUNDED', 'INVALID']
    const keep = (r: IntentRecord) => r.owner === HEAVY_OWNER_ADDRESS && statuses.includes(r.status)
    const walked = await walkHistory(
      sim.url,
      { byOwnerAddress: HEAVY_OWNER_ADDRESS, byStatuses: statuses, page: { column: 'createdAt', sort: [{ column: 'createdAt', order: 'ASC' }] } },
      77,
    )
    expect(ids(walked)).toEqual(truth(sim, keep).reverse())
  })

  it('answers the same page for the same cursor and walks back with before', async () => {
    const request = { byStatus: 'SUCCEEDED', page: { pageSize: 30 } }
    const pages: { after?: number; ids: string[] }[] = []
    let page: Record<string, unknown> = request.page
    for (let i = 0; i < 4; i++) {
      const { body } = await rpc(sim.url, 'GetIntentHistory', { ...request, page })
      pages.push({ after: page.after as number | undefined, ids: ids(body.intents) })
      page = body.nextPage
    }
    const again = await rpc(sim.url, 'GetIntentHistory', { ...request, page: { pageSize: 30, after: pages[2].after } })
    expect(ids(again.body.intents)).toEqual(pages[2].ids)
    const firstOfThird = sim.dataset.get(pages[2].ids[0])!.idx + 1
    const back = await rpc(sim.url, 'GetIntentHistory', { ...request, page: { pageSize: 30, before: firstOfThird } })
    expect(ids(back.body.intents)).toEqual(pages[1].ids)
    expect(back.body.nextPage.more).toBe(true)
  })

  it('returns only entries strictly between before and after', async () => {
    const all = truth(sim, () => true)
    const idOf = (intentId: string) => sim.dataset.get(intentId)!.idx + 1
    const { body } = await rpc(sim.url, 'GetIntentHistory', { page: { after: idOf(all[10]), before: idOf(all[3]), pageSize: 50 } })
    expect(ids(body.intents)).toEqual([])
    const window = await rpc(sim.url, 'GetIntentHistory', { page: { after: idOf(all[3]), before: idOf(all[10]), pageSize: 50 } })
    expect(ids(window.body.intents)).toEqual(all.slice(4, 10))
  })

  it('ends with more=false and a cursor past the last entry', async () => {
    const { body } = await rpc(sim.url, 'GetIntentHistory', { page: { pageSize: 5, after: 4 } })
    expect(body.intents.map((e: { receipt: { id: number } }) => e.receipt.id)).toEqual([3, 2, 1])
    expect(body.nextPage).toMatchObject({ after: 1, more: false })
  })

  it('enforces the page size range and known columns', async () => {
    for (const page of [{ pageSize: 101 }, { pageSize: 0 }, { column: 'status' }, { sort: [{ column: 'id', order: 'UP' }] }]) {
      const { status, body } = await rpc(sim.url, 'GetIntentHistory', { page })
      expect(status).toBe(400)
      expect(body).toMatchObject({ error: 'WebrpcBadRequest', code: -4, status: 400 })
    }
    const max = await rpc(sim.url, 'GetIntentHistory', { page: { pageSize: 100 } })
    expect(max.body.intents).toHaveLength(100)
  })
})

describe('GetIntentHistory filters', () => {
  let sim: RunningSimulator
  let records: readonly IntentRecord[]
  beforeAll(async () => {
    sim = await startSimulator({ intents: 3000, seed: 11 })
    sim.clock.freeze()
    records = sim.dataset.records
  })
  afterAll(() => sim.stop())

  const pick = (keep: (r: IntentRecord) => boolean) => records.find(keep)!

  const check = async (request: Record<string, unknown>, keep: (r: IntentRecord) => boolean) => {
    const expected = truth(sim, keep)
    expect(expected.length).toBeGreaterThan(0)
    expect(ids(await walkHistory(sim.url, request))).toEqual(expected)
  }

  it('filters by status, and byStatuses wins over byStatus', async () => {
    await check({ byStatus: 'FAILED' }, (r) => r.status === 'FAILED')
    await check({ byStatus: 'SUCCEEDED', byStatuses: ['REFUNDED', 'ABORTED'] }, (r) => r.status === 'REFUNDED' || r.status === 'ABORTED')
  })

  it('filters by project, protocol and providers', async () => {
    await check({ byProjectId: 42 }, (r) => r.projectId === 42)
    await check({ byIntentProtocol: 'v1' }, (r) => r.protocol === 'v1')
    await check({ bySwapProvider: 'AUTO', byBridgeProvider: 'RELAY' }, (r) => r.swapProvider === 'AUTO' && r.bridgeProvider === 'RELAY')
  })

  it('filters by chains and tokens, ignoring address case', async () => {
    const usdc = pick((r) => r.originChainId === 8453 && r.originToken.symbol === 'USDC').originToken.address
    await check({ originChainId: 8453, originTokenAddress: usdc.toUpperCase().replace('0X', '0x') }, (r) => r.originChainId === 8453 && r.originToken.address === usdc)
    const dest = pick((r) => r.destinationChainId === 42161).destinationToken.address
    await check({ destinationChainId: 42161, destinationTokenAddress: dest }, (r) => r.destinationChainId === 42161 && r.destinationToken.address === dest)
  })

  it('filters by creation time in unix seconds, both ends inclusive', async () => {
    const from = records[1000]
    const to = records[1400]
    const fromTime = Math.floor(from.createdAt / 1000)
    const toTime = Math.floor(to.createdAt / 1000)
    await check({ fromTime, toTime }, (r) => Math.floor(r.createdAt / 1000) >= fromTime && Math.floor(r.createdAt / 1000) <= toTime)
    const { body } = await rpc(sim.url, 'GetIntentHistory', { fromTime, toTime, page: { pageSize: 100, sort: [{ column: 'id', order: 'ASC' }] } })
    expect(body.intents[0].intentId).toBe(records.find((r) => Math.floor(r.createdAt / 1000) >= fromTime)!.intentId)
  })

  it('filters by edge rail, mode and address', async () => {
    await check({ byEdgeRail: 'SOLANA' }, (r) => r.edge !== null)
    await check({ byEdgeMode: 'DESTINATION' }, (r) => r.edge?.mode === 'DESTINATION')
    const edge = pick((r) => r.edge?.mode === 'ORIGIN').edge!
    await check({ byEdgeAddress: edge.address.toLowerCase(), byEdgeMode: 'ORIGIN' }, (r) => r.edge?.address === edge.address)
  })

  it('filters by participant addresses in any role', async () => {
    const a = records[100]
    const b = records[2500]
    const wanted = [a.originIntentAddress, b.destinationToAddress]
    await check({ byParticipantAddresses: wanted }, (r) =>
      [r.owner, r.originIntentAddress, r.destinationIntentAddress, r.destinationToAddress].some((x) => wanted.includes(x)),
    )
  })

  it('combines filters with AND', async () => {
    const owner = HEAVY_OWNER_ADDRESS
    await check({ byOwnerAddress: owner, byStatus: 'SUCCEEDED', byIntentProtocol: 'v1_5' }, (r) => r.owner === owner && r.status === 'SUCCEEDED' && r.protocol === 'v1_5')
  })

  it('lists only recoverable intents, with their balances when asked', async () => {
    await check({ onlyRecoverable: true }, isRecoverable)
    const { body } = await rpc(sim.url, 'GetIntentHistory', { onlyRecoverable: true, includeBalances: true, page: { pageSize: 100 } })
    for (const e of body.intents) {
      expect(['FAILED', 'ABORTED']).toContain(e.status)
      expect(e.hasBalance).toBe(true)
      expect(e.balances[0].tokens[0].balance).toMatch(/^\d+$/)
    }
    const plain = await rpc(sim.url, 'GetIntentHistory', { includeBalances: true, byStatus: 'SUCCEEDED', page: { pageSize: 3 } })
    expect(plain.body.intents.map((e: { hasBalance: boolean; balances: unknown[] }) => [e.hasBalance, e.balances])).toEqual([
      [false, []],
      [false, []],
      [false, []],
    ])
  })

  it('rejects unknown statuses, rails and modes', async () => {
    for (const bad of [{ byStatus: 'DONE' }, { byStatuses: ['SUCCEEDED', 'DONE'] }, { byEdgeRail: 'BITCOIN' }, { byEdgeMode: 'SIDEWAYS' }, { bySwapProvider: 'NOPE' }, { fromTime: 'yesterday' }]) {
      const { status, body } = await rpc(sim.url, 'GetIntentHistory', bad)
      expect(status).toBe(400)
      expect(body.error).toBe('WebrpcBadRequest')
    }
  })
})
