import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { HEAVY_OWNER_ADDRESS, SEARCH_LIMIT, startSimulator, type RunningSimulator } from './index'
import { allTxHashes, type IntentRecord } from './records'
import { rpc } from './testing'

describe('SearchIntents', () => {
  let sim: RunningSimulator
  let records: readonly IntentRecord[]
  beforeAll(async () => {
    sim = await startSimulator({ intents: 4000, seed: 21 })
    sim.clock.freeze()
    records = sim.dataset.records
  })
  afterAll(() => sim.stop())

  const search = async (body: Record<string, unknown>) => {
    const { status, body: res } = await rpc(sim.url, 'SearchIntents', body)
    expect(status).toBe(200)
    return (res.intents as { intentId: string }[]).map((i) => i.intentId)
  }
  const truth = (keep: (r: IntentRecord) => boolean) =>
    records
      .filter(keep)
      .sort((a, b) => b.idx - a.idx)
      .slice(0, SEARCH_LIMIT)
      .map((r) => r.intentId)
  const shout = (s: string) => s.toUpperCase().replace(/^0X/, '0x')
  const withEdge = () => records.find((r) => r.edge?.mode === 'ORIGIN' && r.edge.initTx && r.edge.fillTx)!

  it('finds an intent by id, in any case, with the full Intent', async () => {
    const r = records[1234]
    const { body } = await rpc(sim.url, 'SearchIntents', { byIntentId: shout(r.intentId) })
    expect(body.intents).toHaveLength(1)
    expect(body.intents[0]).toMatchObject({ intentId: r.intentId, id: 1235, status: r.status, ownerAddress: r.owner })
  })

  it('finds intents by any transaction hash or by the deposit hash only', async () => {
    const r = records.find((x) => x.txHashes.destination)!
    expect(await search({ byTransactionHash: shout(r.txHashes.destination!) })).toEqual([r.intentId])
    expect(await search({ byDepositTransactionHash: r.txHashes.deposit })).toEqual([r.intentId])
    expect(await search({ byDepositTransactionHash: r.txHashes.destination })).toEqual([])
    const e = withEdge()
    expect(await search({ byTransactionHash: e.edge!.initTx })).toEqual([e.intentId])
  })

  it('filters by owner, project and intent addresses', async () => {
    expect(await search({ byOwnerAddress: shout(HEAVY_OWNER_ADDRESS) })).toEqual(truth((r) => r.owner === HEAVY_OWNER_ADDRESS))
    expect(await search({ byProjectId: 7 })).toEqual(truth((r) => r.projectId === 7))
    const r = records[77]
    expect(await search({ byOriginIntentAddress: r.originIntentAddress })).toEqual([r.intentId])
    expect(await search({ byDestinationIntentAddress: shout(r.destinationIntentAddress) })).toEqual([r.intentId])
  })

  it('filters by edge address, rail and mode', async () => {
    const e = withEdge()
    expect(await search({ byEdgeAddress: e.edge!.address })).toEqual([e.intentId])
    expect(await search({ byEdgeRail: 'SOLANA', byEdgeMode: 'DESTINATION' })).toEqual(truth((r) => r.edge?.mode === 'DESTINATION'))
  })

  it('matches the query string against ids, addresses and hashes, ignoring case', async () => {
    const r = records[2222]
    expect(await search({ byQueryString: shout(r.intentId) })).toEqual([r.intentId])
    expect(await search({ byQueryString: r.txHashes.deposit!.toUpperCase() })).toEqual([r.intentId])
    expect(await search({ byQueryString: r.originIntentAddress })).toEqual([r.intentId])
    const e = withEdge()
    expect(await search({ byQueryString: e.edge!.address.toLowerCase() })).toEqual([e.intentId])
    const fragment = r.intentId.slice(10, 22)
    const involves = (x: IntentRecord) =>
      [x.intentId, x.owner, x.originIntentAddress, x.destinationIntentAddress, x.destinationToAddress, x.edge?.address.toLowerCase() ?? '', ...allTxHashes(x).map((h) => h.toLowerCase())].some((s) =>
        s.includes(fragment),
      )
    expect(await search({ byQueryString: fragment.toUpperCase() })).toEqual(truth(involves))
    expect(await search({ byQueryString: r.owner })).toEqual(truth((x) => [x.owner, x.destinationToAddress].includes(r.owner)))
  })

  it('combines filters with AND', async () => {
    expect(await search({ byOwnerAddress: HEAVY_OWNER_ADDRESS, byProjectId: 314 })).toEqual(truth((r) => r.owner === HEAVY_OWNER_ADDRESS && r.projectId === 314))
    expect(await search({ byIntentId: records[5].intentId, byProjectId: records[5].projectId + 1 })).toEqual([])
  })

  it(`caps results at ${SEARCH_LIMIT}, newest first`, async () => {
    const found = await search({ byQueryString: '0x' })
    expect(found).toEqual(records.slice(-SEARCH_LIMIT).reverse().map((r) => r.intentId))
  })

  it('needs at least one filter and checks their types', async () => {
    for (const body of [{}, { byQueryString: '  ' }, { byProjectId: 'seven' }, { byOwnerAddress: 'not-an-address' }, { byEdgeMode: 'UP' }]) {
      const { status, body: err } = await rpc(sim.url, 'SearchIntents', body)
      expect(status).toBe(400)
      expect(err.error).toBe('WebrpcBadRequest')
    }
  })
})
