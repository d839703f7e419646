import { beforeEach, describe, expect, it, vi } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Link } from 'react-router'
import type { Intent } from '@contract/service'
import { PROFILE, answers, failure, okFetched, source } from '../../testing/bridge'
import { cacheIntents } from '../../db'
import { useCacheStatus } from '../../stores/cache'
import { renderAt, resetWorld } from '../../testing/harness'
import { CompareView } from './CompareView'
import { recordVersion } from '../../stores/intentVersions'

vi.mock('../../data/call', async () => ({ call: (await import('../../testing/bridge')).fakeCall }))
vi.mock('../../bridge', () => ({ bridge: { subscribe: () => () => {} } }))

const A = `0x${'a'.repeat(64)}`
const B = `0x${'b'.repeat(64)}`
const intentA: Intent = { intentId: A, status: 'SUCCEEDED', originChainId: 1, quote: { toAmount: '1234567890123456789012' } }
const intentB: Intent = { intentId: B, status: 'FAILED', originChainId: 1, quote: { toAmount: '1234567890123456789013' } }

beforeEach(() => {
  resetWorld()
  answers.set('getIntent', (args) => {
    const id = (args as { intentId: string }).intentId
    return id === A ? okFetched(intentA) : id === B ? okFetched(intentB) : failure('NotFound', 'no such intent')
  })
})

const render = (query = '') => renderAt(`/compare${query}`, [{ path: '/compare', element: <CompareView /> }])
const table = () => screen.findByRole('table', { name: 'Field comparison' })
const row = (t: HTMLElement, path: string) => within(t).getByRole('rowheader', { name: path }).closest('tr')!

describe('CompareView', () => {
  it('shows two intents side by side with differing fields marked, exact to the last digit', async () => {
    render(`?a=${A}&b=${B}`)
    const t = await table()
    expect(row(t, 'status')).toHaveAttribute('data-differs', 'true')
    expect(row(t, 'quote.toAmount')).toHaveTextContent('1234567890123456789012')
    expect(row(t, 'quote.toAmount')).toHaveTextContent('1234567890123456789013')
    expect(row(t, 'originChainId')).not.toHaveAttribute('data-differs')
    expect(screen.getByRole('status')).toHaveTextContent('3 of 4 fields differ')
  })

  it('writes amounts in token units and chains by name beside the raw values', async () => {
    const USDC = '0xaf88d065e77c8cc2239327c5edb3a432268e5831'
    const sent = (id: string, raw: string): Intent => ({
      intentId: id,
      status: 'SUCCEEDED',
      originChainId: 42161,
      originTokenAddress: USDC,
      quoteRequest: { originTokenAmount: raw },
      depositTransaction: { amount: raw, decimals: 6, tokenAddress: USDC, chainId: 42161 },
    })
    answers.set('getIntent', (args) => okFetched(sent((args as { intentId: string }).intentId, (args as { intentId: string }).intentId === A ? '22226712833' : '1250500000')))
    render(`?a=${A}&b=${B}`)
    const t = await table()
    expect(row(t, 'quoteRequest.originTokenAmount')).toHaveTextContent('22226712833')
    expect(row(t, 'quoteRequest.originTokenAmount')).toHaveTextContent('22,226.712833')
    expect(row(t, 'quoteRequest.originTokenAmount')).toHaveTextContent('1,250.5')
    expect(row(t, 'originChainId')).toHaveTextContent('(chain 42161)')
  })

  it('hides equal fields when asked, and keeps that choice in the URL', async () => {
    render(`?a=${A}&b=${B}`)
    await table()
    await userEvent.click(screen.getByRole('checkbox', { name: 'Only differences' }))
    const t = await table()
    expect(within(t).queryByRole('rowheader', { name: 'originChainId' })).toBeNull()
    expect(within(t).getByRole('rowheader', { name: 'status' })).toBeInTheDocument()
    expect(screen.getByTestId('location')).toHaveTextContent('diff=1')
  })

  it('prefills side A, asks for the missing id beside the field, and compares on Enter', async () => {
    render(`?a=${A}`)
    const [inputA, inputB] = screen.getAllByRole('textbox', { name: 'Intent id' })
    expect(inputA).toHaveValue(A)
    await userEvent.click(screen.getByRole('button', { name: 'Compare' }))
    expect(await screen.findByText('Enter an intent id')).toBeInTheDocument()
    expect(inputB).toHaveAttribute('aria-invalid', 'true')
    await userEvent.click(inputB)
    await userEvent.paste(B)
    await userEvent.keyboard('{Enter}')
    await table()
    expect(screen.getByTestId('location')).toHaveTextContent(`b=${B}`)
  })

  it('shows what the URL compares when it changes under the form, as back and forward do, over edits made before', async () => {
    renderAt(`/compare?a=${A}&b=${B}`, [{ path: '/compare', element: <CompareView /> }], <Link to={`/compare?a=${B}&b=${A}`}>Other pair</Link>)
    const [inputA] = screen.getAllByRole('textbox', { name: 'Intent id' })
    await userEvent.clear(inputA)
    await userEvent.type(inputA, '0x12')
    await userEvent.click(screen.getByRole('link', { name: 'Other pair' }))
    const [a, b] = screen.getAllByRole('textbox', { name: 'Intent id' })
    expect(a).toHaveValue(B)
    expect(b).toHaveValue(A)
  })

  it('compares one intent with an earlier copy of itself', async () => {
    const earlier = { ...intentA, status: 'EXECUTING' as const }
    recordVersion(PROFILE, A, { intent: earlier, fetchedAt: Date.UTC(2026, 10, 20, 10, 0, 0), origin: 'service' })
    render(`?a=${A}&av=${Date.UTC(2026, 10, 20, 10, 0, 0)}&b=${A}`)
    const t = await table()
    expect(row(t, 'status')).toHaveTextContent('EXECUTING')
    expect(row(t, 'status')).toHaveTextContent('SUCCEEDED')
    expect(screen.getByRole('status')).toHaveTextContent('1 of 4 fields differ')
  })

  it('gives each side the fetch time of its copy in the one age wording', async () => {
    const at = Date.UTC(2026, 10, 20, 10, 0, 0)
    recordVersion(PROFILE, A, { intent: { ...intentA, status: 'EXECUTING' }, fetchedAt: at, origin: 'cache' })
    render(`?a=${A}&av=${at}&b=${B}`)
    await table()
    const ages = screen.getAllByTestId('data-age')
    expect(ages[0]).toHaveTextContent(/^Side A from the service \(GetIntent\), fetched .* ago, at 2026-11-20 10:00:00 UTC$/)
    expect(ages[1]).toHaveTextContent(/^Side B from the service \(GetIntent\), fetched just now, at /)
    expect(screen.queryByTestId('cached-notice')).toBeNull()
  })

  it('with Work offline ticked, gives each cached side its fetch time in the cached-data notice', async () => {
    await cacheIntents(source(Date.now() - 8 * 60_000), [intentA, intentB])
    useCacheStatus.setState({ forcedOffline: true })
    render(`?a=${A}&b=${B}`)
    await table()
    const notices = screen.getAllByTestId('cached-notice')
    expect(notices).toHaveLength(2)
    for (const n of notices) expect(n).toHaveTextContent(/^Working offline — cached data, fetched 8 min ago, at /)
    expect(screen.queryByTestId('data-age')).toBeNull()
  })

  it('refuses to compare an intent with the very same copy', async () => {
    render()
    const [inputA, inputB] = screen.getAllByRole('textbox', { name: 'Intent id' })
    await userEvent.click(inputA)
    await userEvent.paste(A)
    await userEvent.click(inputB)
    await userEvent.paste(A)
    await userEvent.keyboard('{Enter}')
    expect(await screen.findByText('Pick another intent, or another copy of the same intent')).toBeInTheDocument()
  })

  it('says when a side does not exist', async () => {
    render(`?a=${A}&b=0xdead`)
    expect(await screen.findByText(/The service knows no intent 0xdead/)).toBeInTheDocument()
    await waitFor(() => expect(screen.queryByRole('table', { name: 'Field comparison' })).toBeNull())
  })
})
