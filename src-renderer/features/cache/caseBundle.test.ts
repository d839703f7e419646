import { beforeEach, describe, expect, it } from 'vitest'
import { buildCaseBundle, caseBundleFiles } from './caseBundle'
import { readBlobText } from '../../db/exportImport'
import { addNote, setBookmarked } from '../../db/userData'
import { cacheHistoryFiled, fakeEntry, fakeReceipt, freshDb, hex, intentIdOf, ownerOf, source, T0 } from '../../db/testing'
import { cacheChains, cacheReceipt } from '../../db/writeThrough'
import { useCases } from '../../stores/attentionCases'

beforeEach(async () => {
  freshDb()
  await cacheChains(source(), [
    { id: 1, name: 'Ethereum', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, blockExplorer: { url: 'https://etherscan.io/' } },
    { id: 42161, name: 'Arbitrum One', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 } },
  ])
  await cacheReceipt(source('p1', T0 + 1000), fakeReceipt(1, { status: 'EXECUTING', pending: true }))
  await cacheHistoryFiled(source('p1', T0 + 2000), [fakeEntry(1, { status: 'FAILED' })])
  await addNote('p1', intentIdOf(1), 'user says funds missing')
  await setBookmarked('p1', intentIdOf(1), true)
})

describe('case bundle', () => {
  it('carries the intent’s case: its state and the history of its changes, in the JSON and the text', async () => {
    useCases.setState({ cases: {} })
    useCases.getState().setState('p1', intentIdOf(1), 'waiting')
    useCases.getState().noteAdded('p1', intentIdOf(1), 'Asked Relay ops, ticket #4821')
    const bundle = (await buildCaseBundle('p1', intentIdOf(1), T0 + 5000))!
    expect(bundle.case).toMatchObject({ state: 'waiting', history: [{ state: 'waiting' }, { note: 'Asked Relay ops, ticket #4821' }] })
    expect(bundle.readable).toContain('Case: Waiting on provider')
    expect(bundle.readable).toContain('note added: Asked Relay ops, ticket #4821')
    useCases.setState({ cases: {} })
  })

  it('gathers the intent’s receipt, timeline, notes and explorer links', async () => {
    const bundle = (await buildCaseBundle('p1', intentIdOf(1), T0 + 5000))!
    expect(bundle).toMatchObject({
      format: 'intent-explorer-case',
      profileId: 'p1',
      baseUrl: 'http://p1.test',
      intentId: intentIdOf(1),
      bookmarked: true,
      summary: { status: 'FAILED' },
      receipt: { fetchedAt: T0 + 2000 },
      notes: [{ text: 'user says funds missing' }],
      transitions: [
        { status: 'EXECUTING', seenAt: T0 + 1000 },
        { status: 'FAILED', seenAt: T0 + 2000 },
      ],
    })
    expect(bundle.intent).toBeUndefined()
    expect(bundle.explorerLinks).toContainEqual({
      label: 'Deposit transaction',
      kind: 'tx',
      value: hex('tx-deposit', 1),
      chainId: 1,
      url: `https://etherscan.io/tx/${hex('tx-deposit', 1)}`,
    })
    // no explorer known for the destination chain: the value without a link
    expect(bundle.explorerLinks.find((l) => l.label === 'Destination transaction')?.url).toBeUndefined()
    expect(bundle.explorerLinks.find((l) => l.label === 'Owner')?.url).toBe(`https://etherscan.io/address/${ownerOf(1)}`)
    const times = bundle.timeline.map((e) => e.at)
    expect(times).toEqual([...times].sort((a, b) => a - b))
    expect(bundle.timeline.map((e) => e.label)).toContain('Deposit transaction mined on Ethereum')
    expect(bundle.readable).toContain(`Intent ${intentIdOf(1)}`)
    expect(bundle.readable).toContain('Status: FAILED')
    expect(bundle.readable).toContain('From: Ethereum — 1.5 USDC')
    expect(bundle.readable).toContain('user says funds missing')
  })

  it('writes a JSON file with the text inside and a text file', async () => {
    const bundle = (await buildCaseBundle('p1', intentIdOf(1)))!
    const files = caseBundleFiles(bundle)
    expect(files.json.fileName).toBe(`case-${intentIdOf(1)}.json`)
    expect(JSON.parse(await readBlobText(files.json.blob)).readable).toBe(bundle.readable)
    expect(await readBlobText(files.text.blob)).toBe(bundle.readable)
  })

  it('knows nothing of intents outside the cache or the profile', async () => {
    expect(await buildCaseBundle('p1', intentIdOf(2))).toBeUndefined()
    expect(await buildCaseBundle('p2', intentIdOf(1))).toBeUndefined()
  })
})
